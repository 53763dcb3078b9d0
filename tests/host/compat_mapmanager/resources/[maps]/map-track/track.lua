AddEventHandler('onMapStart', function(map)
  if map ~= GetCurrentResourceName() then return end
  TriggerEvent('mapmanager:spawnpoints', map, { vector3(10, 0, 0) })
end)
