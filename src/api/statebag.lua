-- weft:lazy GlobalState Player AddStateBagChangeHandler
-- statebag.lua: GlobalState and Player(src).state for Lua resources: tables
-- whose reads are GetStateBagValue and whose assignments are
-- SetStateBagValue(bag, key, value, true); bag:set(key, value, replicated)
-- as FiveM's. Change handlers' errors are logged.
-- A value that cannot be passed is named as the script wrote it ("value.t"),
-- not as the native's third argument ("args[3].t").
local function store(name, key, value, replicated)
  local ok, err = pcall(SetStateBagValue, name, key, value, replicated)
  if ok then return err end
  if type(err) == 'string' then err = err:gsub(' at args%[3%]', ' at value', 1) end
  error(err, 0)
end
local function bag(name)
  local function set(_, key, value, replicated)
    return store(name, tostring(key), value, replicated and true or false)
  end
  return setmetatable({}, {
    __index = function(_, k)
      if k == 'set' then return set end
      if k == 'bagName' then return name end
      return GetStateBagValue(name, tostring(k))
    end,
    __newindex = function(_, k, v) store(name, tostring(k), v, true) end,
  })
end
GlobalState = bag('global')
if type(Player) ~= 'function' then
  function Player(src) return { state = bag('player:' .. tostring(src)) } end
end
local add = AddStateBagChangeHandler
function AddStateBagChangeHandler(keyFilter, bagFilter, handler)
  if type(handler) ~= 'function' then return add(keyFilter, bagFilter, handler) end
  return add(keyFilter, bagFilter, function(...)
    local ok, err = pcall(handler, ...)
    if not ok then
      -- a stack overflow is the setter's (a handler setting what it
      -- watches): SetStateBagValue raises it again, so it is reported once
      if type(err) == 'string' then
        local m = err:gsub('^[^ \n]*: ', '', 1)
        if m == 'C stack overflow' or m:match('^stack overflow') then error(err, 0) end
      end
      print('SCRIPT ERROR: error in state bag change handler: ' .. tostring(err))
    end
  end)
end
