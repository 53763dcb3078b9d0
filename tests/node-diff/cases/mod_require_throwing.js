// A module whose body throws: the error propagates; it is not cached.
for (let i = 0; i < 2; i++) {
  try {
    require('./lib/throws.js');
  } catch (e) {
    console.log('caught', e.message);
  }
}
