AddEventHandler('onMapStart', function(map) print('freeroam sets up map', map) end)
AddEventHandler('mapmanager:spawnpoints', function(map, points)
  for _, p in ipairs(points) do print('spawn point', map, p, type(p), #(p - points[1])) end
end)
