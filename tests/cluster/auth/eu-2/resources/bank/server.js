// eu-2 has the wrong password: it never joins (its log says why), so its
// exports are never offered.
ProvideClusterExports();
exports('ping', () => 'eu-2');
setTimeout(() => ExecuteCommand('quit'), 3000);
