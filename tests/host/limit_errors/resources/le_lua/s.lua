RegisterCommand('le_luaoom', function()
  local t = {}
  for i = 1, 1e9 do t[i] = ('x'):rep(1e6) .. i end -- 1 MB each: quickly (ASan)
end, false)
RegisterCommand('le_luamany', function()
  local t = {}
  for i = 1, 70000 do t[i] = 1 end
  TriggerEvent('le:many', table.unpack(t))
end, false)
