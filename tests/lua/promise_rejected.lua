-- Await on an already-rejected promise raises at once (the reason itself);
-- on an already-resolved one it returns at once
local reason = {code = 42}
local p = promise.new()
p:reject(reason)
local q = promise.new()
q:resolve("value")
CreateThread(function()
  local ok, err = pcall(Citizen.Await, p)
  print("rejected:", ok, err == reason, err.code)
  print("resolved:", Citizen.Await(q))
  local r = promise.new()
  r:reject("a string reason")
  local ok2, err2 = pcall(Citizen.Await, r)
  print(ok2, err2)
end)
