-- obs_lua: Lua work for the profiler test: a thread waking on a timer,
-- events, an export that yields (awaited by obs_js), a call of obs_js's
-- export, a database query (SQLite) and a user scope.
AddEventHandler('obs:ping', function(n) end)
exports('luaSlow', function(x)
  Wait(1)
  return x + 1
end)
Citizen.CreateThread(function()
  while true do
    Wait(15)
    ProfilerEnterScope('lua work')
    local s = 0
    for i = 1, 2000 do s = s + i end
    ProfilerExitScope()
    local r = exports.obs_js:jsAdd(1, 2)
    if MySQL.scalar.await('SELECT 1 + 1') ~= 2 then print('bad scalar') end
    TriggerEvent('obs:ping', r)
  end
end)
Citizen.CreateThread(function()
  while true do Wait(0) end
end)
