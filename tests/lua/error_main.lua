-- exit: 1
-- an error in the main chunk is logged and makes the run exit 1; threads
-- already created still run
CreateThread(function() print("thread created before the error runs") end)
print("before the error")
error("main chunk failed")
