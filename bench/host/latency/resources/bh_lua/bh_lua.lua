-- bh_lua: rows 3 and 4 of bench/host.
exports('probe', function() return 'lua' end)
-- Row 3: call the JS callback from the scheduler (a new thread at the next
-- check phase).
exports('later', function(cb)
  Citizen.CreateThread(function() cb(42) end)
end)
-- Row 4: each 'bh:lua:next' makes the next 'bh:lua2js' event from a thread.
AddEventHandler('bh:lua:next', function(i)
  Citizen.CreateThread(function() TriggerEvent('bh:lua2js', i) end)
end)
