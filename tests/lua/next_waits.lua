-- a :next handler runs in its own thread: it may Wait or Await; the chained
-- promise settles when it finishes
local p = promise.new()
local c = p:next(function(v)
  print("handler start", v)
  Wait(5)
  local q = promise.new()
  SetTimeout(1, function() q:resolve(v + 1) end)
  local w = Citizen.Await(q)
  print("handler end", w)
  return w * 2
end)
CreateThread(function() print("chained result", Citizen.Await(c)) end)
p:resolve(1)
