local function range(n) local t = {} for i = 1, n do t[i] = i - 1 end return t end
AddEventHandler('ma:lua', function()
  for _, n in ipairs { 100, 1000 } do
    local args = range(n)
    print('--- from lua,', n, 'args')
    TriggerEvent('many', table.unpack(args))
    print('lua export:', exports.ma_lua:count(table.unpack(args)))
    print('js export:', exports.ma_js:count(table.unpack(args)))
  end
  print('--- from lua, 10000 args')
  TriggerEvent('many', table.unpack(range(10000)))
  print('js export:', exports.ma_js:count(table.unpack(range(10000))))
  -- past the limit: one clear error for the caller, nothing delivered
  local ok, err = pcall(TriggerEvent, 'many', table.unpack(range(70000)))
  print('70000 args:', ok, err)
  ok, err = pcall(function() return exports.ma_js:count(table.unpack(range(70000))) end)
  print('70000 args to an export:', ok, err)
  TriggerEvent('ma:js')
end)
