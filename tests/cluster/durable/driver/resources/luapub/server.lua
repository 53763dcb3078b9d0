-- The Lua side of TriggerDurableClusterEvent: the promise awaited with
-- Citizen.Await; results go back to the JS driver as a local event.
AddEventHandler('luaCheck', function()
  Citizen.CreateThread(function()
    local a = Citizen.Await(TriggerDurableClusterEvent('orders:lua', 'lua-1', { n = 1 }))
    local b = Citizen.Await(TriggerDurableClusterEvent('orders:lua', 'lua-1', { n = 1 }))
    local ok, err = pcall(function()
      return Citizen.Await(TriggerDurableClusterEvent('orders:lua', 'lua-2', function() end))
    end)
    TriggerEvent('luaDone', ('lua: duplicate %s %s, same seq %s, function arg %s'):format(
      tostring(a.duplicate), tostring(b.duplicate), tostring(a.seq == b.seq),
      ok and 'accepted?!' or tostring(err):match('function references cannot cross servers') or tostring(err)))
  end)
end)
