// bh7_sink: the other side of row 7.
let received = 0;
on('bh7:remote', (i) => { received += i; });
exports('add', (a, b) => a + b);
exports('received', () => received);
