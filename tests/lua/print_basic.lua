-- print: "[resource] " prefix, tab-separated tostring values, one line per call
print("a", "b")
print(1, 2.5, -0.0, 1e100, 2^63, math.maxinteger)
print(nil, true, false)
print()
print(setmetatable({}, {__tostring = function() return "custom" end}))
print(GetCurrentResourceName())
print(math.type(GetGameTimer()), GetGameTimer() >= 0)
