exports('slow', () => new Promise(() => {}));
exports('sync', () => 1);
exports('getFn', () => () => 'fn result');
