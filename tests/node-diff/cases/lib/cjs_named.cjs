exports.a = 1;
exports.b = 'two';
exports.fn = function fn() { return 'fn called'; };
exports.default = 'exports.default';
