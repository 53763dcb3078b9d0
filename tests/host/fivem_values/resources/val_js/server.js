on('lua:vec', (v3, v2, v4, q) => {
  const f = (v, n) => Array.from(new Float32Array(v.buffer.buffer, v.buffer.byteOffset, n));
  console.log('js: vector3 is', v3.constructor.name, JSON.stringify(Object.keys(v3)), v3.type, f(v3, 3).join());
  console.log('js: others', v2.type, f(v2, 2).join(), v4.type, f(v4, 4).join(), q.type, f(q, 4).join());
  const pos = exports.val_lua.getPos();
  console.log('js: export result', pos.type, f(pos, 3).join());
  const reactive = new Proxy({ name: 'reactive', list: [1, 2, 3] }, { get: (t, k) => t[k] });
  const arr = new Proxy([10, 20], {});
  emit('js:back', v3, { x: 1, y: 2 }, reactive, arr);
  ExecuteCommand('quit');
});
emit('js:ready');
