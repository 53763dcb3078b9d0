-- an error in a thread is logged with file:line and a traceback; the
-- runtime keeps running
local function inner() local t = nil return t.field end
CreateThread(function() inner() end)
CreateThread(function() Wait(2) print("still running") end)
CreateThread(function() Wait(1) error("raised after a Wait") end)
