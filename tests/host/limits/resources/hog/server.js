on('limits:hog', () => {
  const keep = [];
  try {
    for (;;) keep.push(new Array(100000).fill(keep.length));
  } catch (e) {
    console.log('hog caught:', e.message);
  }
});
