-- a bad argument to a native weft's prelude wraps names this file's line
print(pcall(AddEventHandler, 'x', 'notfn'))
local ok, err = pcall(function() AddEventHandler('x', 42) end)
print(ok, err)
