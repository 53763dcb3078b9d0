// common/countdown: calls its callback once dec() has been called `limit`
// times (and checks at exit that it was).
'use strict';
const assert = require('assert');
const common = require('./');

class Countdown {
  #left;
  #done;
  constructor(limit, cb) {
    assert.strictEqual(typeof limit, 'number');
    assert.strictEqual(typeof cb, 'function');
    this.#left = limit;
    this.#done = common.mustCall(cb);
  }
  dec() {
    assert(this.#left > 0, 'Countdown expired');
    if (--this.#left === 0) this.#done();
    return this.#left;
  }
  get remaining() {
    return this.#left;
  }
}
module.exports = Countdown;
