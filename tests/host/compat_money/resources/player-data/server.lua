local players = {}      -- playerIdx (string) -> { dbId = }
local playersById = {}  -- dbId (string) -> playerIdx
local ids = {}          -- identifier -> dbId
local nextId = 100

local function getPlayerIdFromIdentifier(identifier) return ids[identifier] end

RegisterNetEvent('player-data:joined', function(identifiers)
  local playerIdx = tostring(source)
  local dbId
  for _, identifier in ipairs(identifiers) do
    dbId = dbId or getPlayerIdFromIdentifier(identifier)
  end
  if not dbId then
    nextId += 1
    dbId = nextId
  end
  for _, identifier in ipairs(identifiers) do ids[identifier] = dbId end
  players[playerIdx] = { dbId = dbId }
  playersById[tostring(dbId)] = playerIdx
  print(('player %s has id %d'):format(playerIdx, dbId))
end)

local function getExportEventName(resource, name)
  return string.format('__cfx_export_%s_%s', resource, name)
end

function AddExport(name, fn)
  if not Citizen.Traits or not Citizen.Traits.ProvidesExports then
    AddEventHandler(getExportEventName('cfx.re/playerData.v1alpha1', name), function(setCB)
      setCB(fn)
    end)
  end
  exports(name, fn)
end

AddExport('getPlayerIdFromIdentifier', getPlayerIdFromIdentifier)
AddExport('getPlayerId', function(playerIdx)
  local player = players[tostring(playerIdx)]
  if not player then return nil end
  return player.dbId
end)
AddExport('getPlayerById', function(playerId)
  return playersById[tostring(playerId)]
end)
