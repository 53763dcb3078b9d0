-- the main chunk runs in a thread: it may Wait and Await at top level
print("start")
Wait(5)
print("after Wait(5)")
local p = promise.new()
SetTimeout(1, function() p:resolve("resolved later") end)
print(Citizen.Await(p))
