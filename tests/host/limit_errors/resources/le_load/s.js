// out of memory while the script loads; the garbage stays reachable
const a = []; for (;;) a.push(new Array(1000).fill(2));
