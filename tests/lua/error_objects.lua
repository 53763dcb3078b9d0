-- error values in threads: non-string errors, errors with levels, nested calls
CreateThread(function() error("no position", 0) end)
CreateThread(function() error(42) end)
CreateThread(function()
  local function level2() error("blame the caller", 2) end
  local function caller() level2() end
  caller()
end)
CreateThread(function() print("other threads run") end)
