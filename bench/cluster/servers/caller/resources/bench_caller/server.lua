-- The bench caller (Lua): the same round trips with Citizen.Await.
AddEventHandler('bench:lua', function(n)
  Citizen.CreateThread(function()
    local peer = ClusterExports('bench-b', 'bench_peer')
    local lat = {}
    for i = 1, n do
      local t = WeftTestClock()
      Citizen.Await(peer:echo(i))
      lat[#lat + 1] = (WeftTestClock() - t) / 1000
    end
    table.sort(lat)
    TriggerEvent('bench:luaDone', lat[math.floor(n * 0.5) + 1], lat[math.min(n, math.floor(n * 0.99) + 1)])
  end)
end)
