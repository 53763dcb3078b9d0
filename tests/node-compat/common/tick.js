// common/tick: call cb after n turns of the immediate queue.
'use strict';
module.exports = function tick(n, cb) {
  const turn = () => {
    if (--n > 0) setImmediate(turn);
    else if (typeof cb === 'function') cb();
  };
  setImmediate(turn);
};
