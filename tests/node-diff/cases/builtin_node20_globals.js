// Built-ins QuickJS has and Node 20's V8 does not (Node 21 added them):
// feature detection must see Node 20's answer.
console.log(typeof Object.groupBy, typeof Map.groupBy, typeof Promise.withResolvers);
console.log('groupBy' in Object, Object.getOwnPropertyNames(Promise).includes('withResolvers'));
