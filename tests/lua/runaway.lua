-- env: WEFT_LUA_CPU_WARN_MS=50 WEFT_LUA_CPU_LIMIT_MS=300
-- exit: 1
-- a runaway loop is warned about past the soft limit and stopped past the
-- hard one; pcall cannot catch the stop (not even in a loop of nested
-- pcalls), and the runtime runs nothing more afterwards
CreateThread(function()
  while true do
    pcall(function()
      while true do pcall(function() while true do end end) end
    end)
  end
end)
CreateThread(function() print("not reached: the runtime was stopped") end)
