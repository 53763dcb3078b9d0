on('limits:hog', () => {
  // one allocation past weft_memoryLimitMb (64): refused, and catchable
  try {
    const big = new Uint8Array(100 * 1024 * 1024);
    console.log('hog allocated', big.length);
  } catch (e) {
    console.log('hog caught:', e.name, e.message);
  }
});
