-- A tiny in-memory "database": enough SQL for the examples, answered
-- asynchronously (a thread, a frame later) like a real driver.
local tables = { items = {} }
local nextId = 0

local function run(query, params)
  params = params or {}
  local t, col = query:match('^SELECT %* FROM (%w+) WHERE (%w+) = %?$')
  if t then
    local rows = {}
    for _, row in ipairs(tables[t]) do
      if row[col] == params[1] then rows[#rows + 1] = row end
    end
    return rows
  end
  t = query:match('^SELECT COUNT%(%*%) FROM (%w+)$')
  if t then return { { ['COUNT(*)'] = #tables[t] } } end
  local cols
  t, cols = query:match('^INSERT INTO (%w+) %((.-)%) VALUES')
  if t then
    local row, i = {}, 1
    for c in cols:gmatch('%w+') do row[c] = params[i]; i += 1 end
    nextId += 1
    row.id = nextId
    table.insert(tables[t], row)
    return { insertId = nextId, affectedRows = 1 }
  end
  error(('unsupported query "%s"'):format(query), 0)
end

local function respond(query, params, cb, transform)
  CreateThread(function()
    Wait(0)
    local ok, result = pcall(run, query, params)
    if cb then
      if ok then cb(transform(result)) else cb(nil, result) end
    end
  end)
end

local function identity(r) return r end
local function scalar(r) local first = r[1]; if not first then return nil end; for _, v in pairs(first) do return v end end
local function single(r) return r[1] end
local function insertId(r) return r.insertId end

exports('query', function(query, params, cb) respond(query, params, cb, identity) end)
exports('scalar', function(query, params, cb) respond(query, params, cb, scalar) end)
exports('single', function(query, params, cb) respond(query, params, cb, single) end)
exports('insert', function(query, params, cb) respond(query, params, cb, insertId) end)
-- a synchronous-looking export: waits (yields) and returns, several values
exports('queryWait', function(query, params)
  Wait(1)
  local rows = run(query, params)
  return rows, #rows
end)
exports('isReady', function() return true end)

-- legacy name: only FiveM's export event, as oxmysql answers for ghmattimysql
AddEventHandler('__cfx_export_legacydb_execute', function(setCB)
  setCB(function(query, params, cb) respond(query, params, cb, identity) end)
end)
