local playerData = exports['cfx.re/playerData.v1alpha1']
print('provider state', GetResourceState('cfx.re/playerData.v1alpha1'), GetResourceState('pdata'))
print('player id', playerData:getPlayerIdFromIdentifier('license:abc'))
print('player by id', playerData:getPlayerById(7))
AddEventHandler('onResourceStart', function(name)
  if name == GetCurrentResourceName() then print('onResourceStart (own, at once)') end
end)
AddEventHandler('onServerResourceStart', function(name)
  print('onServerResourceStart', name)
  if name ~= 'legacy_provider' then return end
  print('legacy provider', exports.legacyDb:execute('SELECT 1'))
  -- metadata of a resource that is not started
  print('meta of a stopped resource', GetResourceState('meta_probe'), GetNumResourceMetadata('meta_probe', 'my_data'),
    GetResourceMetadata('meta_probe', 'my_data', 0), GetResourceMetadata('meta_probe', 'my_data_extra', 0))
  print('description', GetResourceMetadata('meta_probe', 'description', 0), GetResourceMetadata('meta_probe', 'nope', 0))
  local names = {}
  for i = 0, GetNumResources() - 1 do names[#names + 1] = GetResourceByFindIndex(i) end
  table.sort(names)
  print('resources', #names, table.concat(names, ','), GetResourceByFindIndex(GetNumResources()))
  local p = GetResourcePath('meta_probe')
  print('path', p:sub(1, 1) == '/', p:sub(-#'/meta_probe') == '/meta_probe', GetResourcePath() == GetResourcePath('money_lua'))
end)
