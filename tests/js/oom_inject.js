// Promise code run with allocations failing (tests/js/oom_inject.sh): each
// failure is an out-of-memory error, caught or reported; none may crash.
// Resolving functions are made by `new Promise`, thenable adoption and the
// combinators (QuickJS patch 0045); an async function's state and its
// resume functions at its first await (patches 0120, 0040).
async function step(i) {
  await null;
  if (i % 3 === 0) throw new Error('step ' + i);
  return i;
}
const thenable = (v) => ({ then(resolve) { resolve(v); } });
for (let i = 0; i < 1500; i++) {
  try { new Promise(() => {}); } catch (e) {}
  try { step(i).then(() => {}, () => {}); } catch (e) {}
  try { Promise.all([Promise.resolve(i), thenable(i)]).catch(() => {}); } catch (e) {}
  try { Promise.resolve(thenable(i)).then(() => Promise.resolve(i)); } catch (e) {}
}
