// `this` inside timer callbacks is the Timeout / Immediate object.
const im = setImmediate(function () {
  console.log('immediate this === im', this === im, this.constructor.name);
  const t = setTimeout(function () {
    console.log('timeout this === t', this === t, this.constructor.name);
  }, 1);
  const iv = setInterval(function () {
    console.log('interval this === iv', this === iv, this.constructor.name);
    clearInterval(this);
  }, 1);
});
