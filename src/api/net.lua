-- net.lua: FiveM's shapes over the network natives of src/api/net.c, for Lua
-- resources: playerConnecting's (name, setKickReason, deferrals) arguments
-- built on WeftDeferral. SetHttpHandler and PerformHttpRequest: http.lua.
local WeftDeferral, tostring, type = WeftDeferral, tostring, type

local AddEventHandler = AddEventHandler
_G.AddEventHandler = function(name, fn, ...)
  if name ~= 'playerConnecting' or type(fn) ~= 'function' then return AddEventHandler(name, fn, ...) end
  return AddEventHandler(name, function(playerName)
    local src = source
    local deferrals = {
      defer = function() WeftDeferral(src, 'defer') end,
      update = function(message) WeftDeferral(src, 'update', tostring(message)) end,
      presentCard = function() end,
      handover = function() end,
      done = function(reason) WeftDeferral(src, 'done', reason ~= nil and tostring(reason) or '') end,
    }
    return fn(playerName, function(reason) WeftDeferral(src, 'kick', tostring(reason)) end, deferrals)
  end, ...)
end
