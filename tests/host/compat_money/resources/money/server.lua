local playerData = exports['cfx.re/playerData.v1alpha1']
local store = {}

local validMoneyTypes = { bank = true, cash = true }

local function getMoneyForId(playerId, moneyType)
  return (store[('money:%s:%s'):format(playerId, moneyType)] or 0) / 100.0
end

local function setMoneyForId(playerId, moneyType, money)
  local s = playerData:getPlayerById(playerId)
  TriggerEvent('money:updated', { dbId = playerId, source = s, moneyType = moneyType, money = money })
  store[('money:%s:%s'):format(playerId, moneyType)] = math.tointeger(money * 100.0)
end

local function addMoneyForId(playerId, moneyType, amount)
  local curMoney = getMoneyForId(playerId, moneyType)
  curMoney += amount
  if curMoney >= 0 then
    setMoneyForId(playerId, moneyType, curMoney)
    return true, curMoney
  end
  return false, 0
end

exports('addMoney', function(playerIdx, moneyType, amount)
  amount = tonumber(amount)
  if amount <= 0 or amount > (1 << 30) then return false end
  if not validMoneyTypes[moneyType] then return false end
  local playerId = playerData:getPlayerId(playerIdx)
  local success, money = addMoneyForId(playerId, moneyType, amount)
  return success, money
end)

exports('removeMoney', function(playerIdx, moneyType, amount)
  amount = tonumber(amount)
  if amount <= 0 or amount > (1 << 30) then return false end
  if not validMoneyTypes[moneyType] then return false end
  local playerId = playerData:getPlayerId(playerIdx)
  return addMoneyForId(playerId, moneyType, -amount)
end)

exports('getMoney', function(playerIdx, moneyType)
  local playerId = playerData:getPlayerId(playerIdx)
  return getMoneyForId(playerId, moneyType)
end)
