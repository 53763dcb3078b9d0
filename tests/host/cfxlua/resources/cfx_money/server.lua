/*
 * A money resource in the style of cfx-server-data's `money` example:
 * compound assignment on account tables, C-style comments.
 */
local accounts = {}
local stats = { deposits = 0, flags = 0 }

local function account(id)
  accounts[id] = accounts[id] or { cash = 0, bank = 0 }
  return accounts[id]
end

AddEventHandler('money:deposit', function(id, amount)
  local a = account(id)
  a.cash -= amount   /* from the wallet */
  a.bank += amount   /* to the bank */
  stats.deposits += 1
  stats.flags |= 1 << (id - 1)
end)

exports('addCash', function(id, amount)
  account(id).cash += amount
  return account(id).cash
end)

exports('report', function()
  local total = 0
  for _, a in pairs(accounts) do total += a.cash + a.bank end
  return { total = total, deposits = stats.deposits, flags = stats.flags }
end)
