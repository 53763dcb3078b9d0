-- an error in a SetTimeout callback is logged; other timeouts still run
SetTimeout(1, function() error("timeout failed") end)
SetTimeout(2, function() print("second timeout runs") end)
SetTimeout(3, function() error(setmetatable({}, {__tostring = function() return "custom error object" end})) end)
SetTimeout(4, function() error({}) end)
SetTimeout(5, function() print("last timeout runs") end)
