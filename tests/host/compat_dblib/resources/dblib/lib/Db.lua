-- Loaded into consumers (server_script '@dblib/lib/Db.lua'), as oxmysql's
-- lib/MySQL.lua: Db.method(query, params, cb) and Db.method.await(query, params).
local dblib = exports.dblib
local resource = GetCurrentResourceName()

local function await(method, query, params)
  local p = promise.new()
  dblib[method](nil, query, params, function(result, err)
    if err then return p:reject(err) end
    p:resolve(result)
  end, resource, true)
  return Citizen.Await(p)
end

local method_mt = {
  __call = function(self, query, params, cb)
    return dblib[self.name](nil, query, params, cb, resource)
  end,
}

Db = setmetatable({}, {
  __index = function(self, name)
    local m = setmetatable({ name = name }, method_mt)
    m.await = function(query, params) return await(name, query, params) end
    rawset(self, name, m)
    return m
  end,
})
