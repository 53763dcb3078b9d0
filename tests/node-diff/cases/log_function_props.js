// Functions with own enumerable properties.
function withProps() {}
withProps.x = 1;
withProps.y = 'two';
console.log(withProps);
const anonymous = (() => function () {})();
console.log(anonymous);
