SetTimeout(50, function()
  for _, r in ipairs({'ll_lua', 'll_js', 'll_dep', 'll_ok'}) do print(r, GetResourceState(r)) end
  ExecuteCommand('quit')
end)
