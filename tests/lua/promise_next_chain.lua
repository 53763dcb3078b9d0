-- :next callbacks run at the checkpoint (never inside resolve), in order;
-- they return values down the chain; an error rejects the next promise;
-- a missing handler passes the outcome through
local p = promise.new()
p:next(function(v) print("first handler", v) return v + 1 end)
 :next(function(v) print("second handler", v) error("oops", 0) end)
 :next(function() print("never") end)
 :next(nil, function(e) print("caught", e) return "recovered" end)
 :next(function(v) print("after recovery", v) end)
p:next(function(v) print("another handler on p", v) end)
print("resolving")
p:resolve(1)
print("resolve returned")
local r = promise.new()
r:reject("r failed")
r:next(function() print("never") end):next(nil, function(e) print("passed through:", e) end)
