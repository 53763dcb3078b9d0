// clearTimeout inside another timer's callback prevents the cleared timer,
// including one in the same list that has already expired.
let same, later;
setTimeout(() => {
  console.log('first');
  clearTimeout(later);
  clearTimeout(same);
}, 5);
same = setTimeout(() => console.log('same-list NEVER'), 5);
later = setTimeout(() => console.log('later NEVER'), 20);
setTimeout(() => console.log('last'), 25);
