AddEventHandler('onMapStart', function(map)
  if map ~= GetCurrentResourceName() then return end
  TriggerEvent('mapmanager:spawnpoints', map, { vector3(1.0, 2.0, 3.0), vector3(4.0, 6.0, 3.0) })
end)
