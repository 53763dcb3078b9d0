-- resolving with a promise adopts its outcome (later resolves are ignored);
-- resolving a promise with itself rejects it; a :next handler may return a
-- promise, which the chained promise adopts
CreateThread(function()
  local inner, outer = promise.new(), promise.new()
  outer:resolve(inner)
  outer:resolve("ignored: outer is locked to inner")
  SetTimeout(5, function() inner:resolve("inner value") end)
  print("outer:", Citizen.Await(outer))

  local rej, o2 = promise.new(), promise.new()
  rej:reject("inner rejected")
  o2:resolve(rej)
  print("o2:", pcall(Citizen.Await, o2))

  local s = promise.new()
  s:resolve(s)
  print("self:", pcall(Citizen.Await, s))

  local p = promise.new()
  local c = p:next(function(v)
    local later = promise.new()
    SetTimeout(1, function() later:resolve(v * 10) end)
    return later
  end)
  p:resolve(4)
  print("chained:", Citizen.Await(c))
end)
