-- A native's error raised in Lua: the SCRIPT ERROR line carries file:line
-- (the native's message has none; pcall still sees the bare message).
print(pcall(RegisterClusterEvent, 'x'))
print('info outside a cluster event: ' .. tostring(GetClusterEventInfo()))
Citizen.CreateThread(function()
  Citizen.Await(ClusterExports('eu-2', 'bank'):ping())
end)
Citizen.CreateThread(function()
  Citizen.Wait(10)
  TriggerClusterEvent('x', 1)
end)
