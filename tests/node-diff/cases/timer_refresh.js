// refresh() restarts the countdown and re-appends the timer, so a refreshed
// timer fires after a same-delay timer created later; it returns the timer.
const a = setTimeout(() => console.log('A (refreshed)'), 20);
const b = setTimeout(() => console.log('B'), 20);
const c = setTimeout(() => console.log('C'), 20);
console.log('refresh returns a:', a.refresh() === a);
b.refresh();
