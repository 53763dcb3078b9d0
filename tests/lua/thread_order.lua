-- CreateThread: threads start after the main chunk, in creation order;
-- a thread created inside a thread starts after those already queued
for i = 1, 3 do
  CreateThread(function()
    print("thread " .. i)
    if i == 1 then
      Citizen.CreateThread(function() print("nested from 1") end)
    end
  end)
end
print("main chunk done")
