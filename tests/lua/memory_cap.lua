-- env: WEFT_LUA_MEMORY_LIMIT=8000000 WEFT_LUA_CPU_WARN_MS=0
-- past the memory cap an allocation fails with a Lua memory error (logged);
-- the runtime keeps running and can allocate again once the garbage is gone
CreateThread(function()
  local t = {}
  for i = 1, 1e8 do t[i] = i end
end)
CreateThread(function()
  Wait(1)
  collectgarbage()
  local t = {}
  for i = 1, 1000 do t[i] = ("y"):rep(64) .. i end
  print("allocated again:", #t)
  print(pcall(string.rep, "z", 16000000))
end)
