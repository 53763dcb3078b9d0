-- SetTimeout(0) and CreateThread share the next-check-phase queue (FIFO);
-- one scheduled from inside it runs on the next pass, after a frame
SetTimeout(0, function()
  print("timeout 0 (first)")
  SetTimeout(0, function() print("timeout 0 from a timeout") end)
end)
CreateThread(function() print("thread (second)") Wait(0) print("thread after a frame") end)
SetTimeout(-5, function() print("negative delay = 0 (third)") end)
