-- net.lua: FiveM's shapes over the network natives of src/api/net.c, for Lua
-- resources: SetHttpHandler's req/res objects, and playerConnecting's
-- (name, setKickReason, deferrals) arguments built on WeftDeferral.
local resName = GetCurrentResourceName()
local WeftHttpSetHandler, WeftHttpSetDataHandler = WeftHttpSetHandler, WeftHttpSetDataHandler
local WeftHttpWriteHead, WeftHttpWrite, WeftHttpEnd = WeftHttpWriteHead, WeftHttpWrite, WeftHttpEnd
local WeftDeferral, tostring, type = WeftDeferral, tostring, type

local function body(d)
  if d == nil then return '' end
  return tostring(d)
end

function SetHttpHandler(handler)
  if handler == nil then return WeftHttpSetHandler(resName, nil) end
  WeftHttpSetHandler(resName, function(info)
    local id = info.id
    local req = { method = info.method, path = info.path, headers = info.headers, address = info.address }
    req.setDataHandler = function(cb) WeftHttpSetDataHandler(id, cb) end
    req.setCancelHandler = function() end
    local res = {}
    res.writeHead = function(status, headers) WeftHttpWriteHead(id, status or 200, headers or {}) end
    res.write = function(data) WeftHttpWrite(id, body(data)) end
    res.send = function(data) WeftHttpEnd(id, body(data)) end
    handler(req, res)
  end)
end

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
