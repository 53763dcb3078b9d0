-- tax: a Lua resource in the demo. It awaits the JS bank's async export from
-- a Lua thread, hands bank a Lua callback, buys from the JS shop through an
-- event, exports a function of its own, and reports the Lua -> JS await
-- latency it measured.
local bank = exports.bank
exports('rate', function(item) return item == 'sword' and 0.2 or 0.1 end)

AddEventHandler('shop:result', function(player, item, result)
  if player == 'bob' then print(('tax: the shop answered bob: %s -> %s'):format(item, result)) end
end)

CreateThread(function()
  Wait(200)
  print('tax: bob starts with', bank:getBalance('bob'))          -- a sync JS export
  print('tax: bob after a deposit of 500:', bank:deposit('bob', 500)) -- awaits a JS promise
  bank:audit('bob', function(player, balance)                     -- JS calls this Lua function later
    print(('tax: audit callback from bank: %s has %d'):format(player, balance))
  end)
  TriggerEvent('shop:buy', 'bob', 'sword')                        -- into an async JS handler
  Wait(100)
  local n = 2000
  local t = GetGameTimer()
  for _ = 1, n do bank:deposit('bob', 0) end
  local ms = GetGameTimer() - t
  print(('tax: Lua -> JS await (bank.deposit, async) avg %.1f us over %d awaits'):format(ms * 1000 / n, n))
end)
