AddStateBagChangeHandler('clamp', 'global', function(bag, key, value)
  print('clamp handler sees', value)
  if value > 100 then GlobalState.clamp = 100 end
end)
GlobalState.clamp = 500
print('after the set', GlobalState.clamp)
-- a chain: each handler call sets the next value, up to 5
AddStateBagChangeHandler('step', 'global', function(bag, key, value)
  if value < 5 then GlobalState.step = value + 1 end
end)
GlobalState.step = 0
print('chain ends at', GlobalState.step)
-- a set of another key from a handler does not supersede
AddStateBagChangeHandler('a', 'global', function(bag, key, value) GlobalState.b = value * 2 end)
GlobalState.a = 7
print('a and b', GlobalState.a, GlobalState.b)
SetTimeout(50, function()
  print('50 ms later', GlobalState.clamp, GlobalState.step)
  ExecuteCommand('quit')
end)
