-- env: WEFT_LUA_CPU_WARN_MS=50 WEFT_LUA_CPU_LIMIT_MS=300
-- a runaway loop is warned about past the soft limit and stopped past the
-- hard one (even inside pcall); the runtime keeps running
CreateThread(function()
  local n = 0
  while true do n = n + 1 end
end)
CreateThread(function()
  print(pcall(function() while true do end end))
  print("pcall returned; looping again")
  while true do end
end)
CreateThread(function() Wait(1) print("still running") end)
