-- A metatable the script gives _G (a fresh user's strict-globals guard) is
-- kept behind weft's: natives not used yet and `source` keep working.
-- a strict-globals guard, as some resources have
local declared = {}
setmetatable(_G, {
  __newindex = function(t, k, v) declared[k] = true; rawset(t, k, v) end,
  __index = function(t, k) error('undeclared global ' .. tostring(k), 2) end,
})
print('natives still there', type(GetPlayers), type(GetConvar), type(GetGameTimer))
myGlobal = 5
print('declared through the guard', declared.myGlobal, myGlobal)
print('guard fires', pcall(function() return notDeclared end))
print('getmetatable is the script\'s', type(getmetatable(_G).__index))
RegisterNetEvent('g:ev')
AddEventHandler('g:ev', function() print('source in a handler', source) end)
setmetatable(_G, nil)
print('after clearing', getmetatable(_G), type(GetPlayerName), notDeclared2)
print('other tables', getmetatable(setmetatable({}, {__index = {a = 1}})).__index.a)
SetTimeout(10, function() ExecuteCommand('quit') end)
