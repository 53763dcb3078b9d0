AddStateBagChangeHandler('weather', 'global', function(bag, key, value, reserved, replicated)
  print('lua handler', bag, key, value, reserved, replicated, 'stored now:', GlobalState.weather)
end)
print('lua reads', GlobalState.weather)
GlobalState.luaKey = 7
GlobalState:set('weather', 'fog', false)
print('lua after set', GlobalState.weather, GetStateBagValue('global', 'luaKey'))
local packed = msgpack.pack(42)
print('packed form', SetStateBagValue('global', 'packed', packed, #packed, true), GlobalState.packed)
local ok, err = pcall(function() GlobalState.money = 5 end)
print('lua refused', ok, err)
for i = 1, 10 do
  local ok2, err2 = pcall(function() GlobalState['fill' .. i] = string.rep('y', 50) end)
  if not ok2 then print('bag full at', i, err2) break end
end
