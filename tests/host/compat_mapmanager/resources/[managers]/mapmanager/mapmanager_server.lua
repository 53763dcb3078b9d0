local maps, gametypes = {}, {}
local currentGameType, currentMap

local function refreshResources()
  maps, gametypes = {}, {}
  for i = 0, GetNumResources() - 1 do
    local resource = GetResourceByFindIndex(i)
    local kind = GetResourceMetadata(resource, 'resource_type', 0)
    if kind == 'map' or kind == 'gametype' then
      local extra = GetResourceMetadata(resource, 'resource_type_extra', 0)
      local data = extra and json.decode(extra) or {}
      if kind == 'map' then maps[resource] = data else gametypes[resource] = data end
    end
  end
end

function doesMapSupportGameType(gameType, map)
  if not gametypes[gameType] or not maps[map] then return false end
  return maps[map].gameTypes ~= nil and maps[map].gameTypes[gameType] == true
end

function getCurrentGameType() return currentGameType end
function getCurrentMap() return currentMap end

function changeGameType(gameType)
  if currentMap and not doesMapSupportGameType(gameType, currentMap) then
    StopResource(currentMap)
  end
  if currentGameType then StopResource(currentGameType) end
  StartResource(gameType)
end

function changeMap(map)
  if currentMap then StopResource(currentMap) end
  StartResource(map)
end

AddEventHandler('onResourceStarting', function(resource)
  refreshResources()
  if maps[resource] then
    if currentGameType and not doesMapSupportGameType(currentGameType, resource) then
      print(('map %s does not support gametype %s: not starting it'):format(resource, currentGameType))
      CancelEvent()
    end
  end
end)

AddEventHandler('onResourceStart', function(resource)
  if gametypes[resource] then
    currentGameType = resource
    print(('gametype %s (%s) started'):format(resource, gametypes[resource].name or '?'))
    TriggerEvent('onGameTypeStart', resource)
  elseif maps[resource] then
    currentMap = resource
    print(('map %s started'):format(resource))
    TriggerEvent('onMapStart', resource)
  end
end)

AddEventHandler('onResourceStop', function(resource)
  if resource == currentGameType then
    currentGameType = nil
    TriggerEvent('onGameTypeStop', resource)
  elseif resource == currentMap then
    currentMap = nil
    TriggerEvent('onMapStop', resource)
  end
end)

refreshResources()
local names = {}
for k in pairs(maps) do names[#names + 1] = k end
for k in pairs(gametypes) do names[#names + 1] = k end
table.sort(names)
print('found', table.concat(names, ', '))
