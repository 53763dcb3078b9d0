-- in the style of player-data: exports under its own name, and FiveM's
-- export events under the name it provides
local ids = { ['license:abc'] = 7 }
local function getPlayerIdFromIdentifier(identifier) return ids[identifier] end
local function AddExport(name, fn)
  if not Citizen.Traits or not Citizen.Traits.ProvidesExports then
    AddEventHandler(('__cfx_export_%s_%s'):format('cfx.re/playerData.v1alpha1', name), function(setCB)
      setCB(fn)
    end)
  end
  exports(name, fn)
end
AddExport('getPlayerIdFromIdentifier', getPlayerIdFromIdentifier)
AddExport('getPlayerById', function(id) return id == 7 and 'player seven' or nil end)
AddEventHandler('onServerResourceStart', function(name)
  if name == GetCurrentResourceName() then print('onServerResourceStart (own, next frame)') end
end)
