-- Uses cfx_money through events and exports, with CfxLua syntax of its own.
CreateThread(function()
  for id = 1, 3 do
    exports.cfx_money:addCash(id, 100 * id)
  end
  TriggerEvent('money:deposit', 1, 40)
  TriggerEvent('money:deposit', 3, 250)
  local r = exports.cfx_money:report()
  print('total', r.total, 'deposits', r.deposits, ('flags 0x%x'):format(r.flags))
  local price = 80
  price *= 1.5 /* markup */
  price = price // 1  -- Lua's integer division, not a comment
  print('price', price)
  print('backtick hash = GetHashKey:', `WEAPON_PISTOL` == GetHashKey('weapon_pistol'), `weapon_pistol`)
  ExecuteCommand('quit')
end)
