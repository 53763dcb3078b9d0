function api() { return 'api()'; }
module.exports = api;
module.exports.version = '1.0';
module.exports.helper = () => 'helper';
