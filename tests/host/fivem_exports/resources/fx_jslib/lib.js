exports('jsAdd', (a, b) => a + b);
exports('jsArray', () => [1, 2]);
function jsLegacy(x) { return `js legacy ${x}`; }
