-- Wait(0) (and Wait() with no argument) waits for the next frame; two
-- threads waiting frame by frame interleave
CreateThread(function()
  for i = 1, 3 do print("A", i) Wait(0) end
end)
CreateThread(function()
  for i = 1, 3 do print("B", i) Citizen.Wait() end
end)
