// Clearing a timeout inside its own callback is harmless.
const t = setTimeout(() => {
  clearTimeout(t);
  console.log('ran once');
}, 1);
setTimeout(() => console.log('after'), 5);
