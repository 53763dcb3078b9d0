// The chat page (plain HTML + /weft/client.js). Query string: name=NAME to
// join at once; say=TEXT to say something once joined; report=TEXT to send
// the server what the page shows (chat:seen) when a line with TEXT arrives.
exports.page = `<!doctype html>
<html><head><meta charset="utf-8"><title>weft chat</title>
<style>
 body { font: 15px system-ui, sans-serif; margin: 0; display: flex; height: 100vh; background: #f4f1ea; }
 main { flex: 1; display: flex; flex-direction: column; padding: 12px; }
 aside { width: 180px; background: #2d3142; color: #eee; padding: 12px; }
 aside h2, main h1 { margin: 0 0 8px; font-size: 16px; }
 #log { flex: 1; overflow: auto; background: #fff; border: 1px solid #ccc; padding: 8px; list-style: none; margin: 0 0 8px; }
 #log li { margin: 2px 0; } #log b { color: #4f5d75; } #log .sys { color: #888; font-style: italic; }
 form { display: flex; gap: 6px; } input { flex: 1; padding: 6px; } #status { color: #666; margin-bottom: 6px; }
</style></head>
<body>
<main><h1>weft chat</h1><div id="status">connecting...</div>
<ul id="log"></ul>
<form id="f"><input id="name" placeholder="your name" size="10"><input id="text" placeholder="say something" autocomplete="off"><button>Send</button></form>
</main>
<aside><h2>Online</h2><ul id="online"></ul></aside>
<script src="/weft/client.js"></script>
<script>
const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let c = null, said = false;
function line(cls, who, text) {
  const li = document.createElement('li');
  if (cls) li.className = cls;
  if (who) { const b = document.createElement('b'); b.textContent = who + ': '; li.appendChild(b); }
  li.appendChild(document.createTextNode(text));
  $('log').appendChild(li);
  $('log').scrollTop = 1e9;
  const want = q.get('report');
  if (want && text.includes(want))
    c.emitNet('chat:seen', [...$('log').children].map((l) => l.textContent).join(' | '));
}
function join(name) {
  c = weft.connect({ name });
  c.on('joined', (id) => {
    $('status').textContent = 'you are ' + name + ' (#' + id + ')';
    if (q.get('say') && !said) { said = true; c.emitNet('chat:send', q.get('say')); }
  });
  c.on('deferral', (m) => { $('status').textContent = m; });
  c.on('dropped', (r) => { $('status').textContent = 'disconnected: ' + r; });
  c.onNet('chat:history', (rows) => { for (const r of rows) line('', r.name, r.text); });
  c.onNet('chat:message', (from, who, text) => line(from ? '' : 'sys', from ? who : '', text));
  c.onNet('chat:online', (list) => {
    $('online').innerHTML = '';
    for (const p of list) { const li = document.createElement('li'); li.textContent = p.name; $('online').appendChild(li); }
  });
}
$('f').onsubmit = (e) => {
  e.preventDefault();
  if (!c) join($('name').value || 'guest');
  else if ($('text').value) { c.emitNet('chat:send', $('text').value); $('text').value = ''; }
};
if (q.get('name')) { $('name').value = q.get('name'); join(q.get('name')); }
else $('status').textContent = 'type a name, then Send to join';
</script></body></html>
`;
