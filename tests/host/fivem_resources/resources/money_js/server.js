const playerData = exports['cfx.re/playerData.v1alpha1'];
console.log('js: provider state', GetResourceState('cfx.re/playerData.v1alpha1'));
console.log('js: player id', playerData.getPlayerIdFromIdentifier('license:abc'));
console.log('js: legacy provider', exports.legacyDb.execute('SELECT 2'));
console.log('js: meta of a stopped resource', GetNumResourceMetadata('meta_probe', 'my_data'),
  GetResourceMetadata('meta_probe', 'my_data', 0), GetResourceMetadata('meta_probe', 'my_data_extra', 0));
console.log('js: resources', GetNumResources(), GetResourcePath('meta_probe').endsWith('/meta_probe'));
on('onServerResourceStart', (name) => {
  console.log('js: onServerResourceStart', name);
  if (name === GetCurrentResourceName()) setTimeout(() => ExecuteCommand('quit'), 1);
});
