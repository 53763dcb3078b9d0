-- a thread awaiting a promise resumes in the loop iteration that settled it
-- (the checkpoint after the settling code), not a frame later. Frames are
-- counted by a thread that Waits(0) forever (one frame per loop iteration).
local frame = 0
local counting = true
CreateThread(function()
  while counting do frame = frame + 1 Wait(0) end
end)
local p = promise.new()
local settled_at
CreateThread(function()
  local v = Citizen.Await(p)
  print("resumed with", v, "same frame:", frame == settled_at)
  -- chained through :next, still the same iteration
  local q = promise.new()
  local r = q:next(function(x) return x * 2 end)
  SetTimeout(3, function() settled_at = frame q:resolve(21) end)
  print("via :next", Citizen.Await(r), "same frame:", frame == settled_at)
  counting = false
end)
SetTimeout(5, function()
  settled_at = frame
  p:resolve("hello")
  print("resolve returned; the waiter has not run yet")
end)
