// Long string elements put each element on its own line.
console.log(['a fairly long string element number one', 'a fairly long string element number two']);
console.log(['short', 'x'.repeat(70)]);
