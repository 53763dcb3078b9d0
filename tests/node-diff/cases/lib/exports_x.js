exports.x = 1;
exports.hello = function () { return 'hello from exports_x'; };
