-- wake-ups due at the same time run in the order they were scheduled (the
-- SetTimeouts are scheduled by the main chunk, before the threads Wait)
for i = 1, 5 do
  CreateThread(function() Wait(10) print("wait " .. i) end)
end
for i = 1, 3 do
  SetTimeout(10, function() print("timeout " .. i) end)
end
