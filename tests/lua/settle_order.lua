-- reactions run in settlement order across promises, and in registration
-- order on one promise; waiters and :next callbacks interleave accordingly
local a, b = promise.new(), promise.new()
for i = 1, 3 do CreateThread(function() print("waiter a" .. i, Citizen.Await(a)) end) end
CreateThread(function() print("waiter b", Citizen.Await(b)) end)
CreateThread(function()
  b:next(function(v) print("next b", v) end)
  a:next(function(v) print("next a", v) end)
  print("settling b then a")
  b:resolve("B")
  a:resolve("A")
  print("settled; nothing ran yet")
end)
