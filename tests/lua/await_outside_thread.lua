-- Citizen.Await and Wait need a scheduler thread: a clear error elsewhere
local p = promise.new()
p:resolve(1)
local co = coroutine.wrap(function() return pcall(Citizen.Await, p) end)
print(co())
local co2 = coroutine.wrap(function() return pcall(Citizen.Wait, 10) end)
print(co2())
CreateThread(function()
  -- a C call boundary (table.sort's comparator) cannot yield
  local ok, err = pcall(table.sort, {3, 1, 2}, function(a, b) Citizen.Await(p) return a < b end)
  print(ok, err)
  print("pcall inside a thread may wait:", pcall(function() Wait(1) return "waited" end))
end)
