-- a bare coroutine.yield() in a thread waits one frame (like Wait(0));
-- coroutines created by the script itself work as plain Lua coroutines
CreateThread(function()
  print("A before yield")
  coroutine.yield()
  print("A after yield")
end)
CreateThread(function()
  print("B")
  local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
  print("generator", gen(), gen(), gen())
end)
