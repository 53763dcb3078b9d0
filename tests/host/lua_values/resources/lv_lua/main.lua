local function d(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == 'number' then
    if v ~= v then return 'float nan' end
    if math.type(v) == 'float' and v == 0 and 1 / v < 0 then return 'float -0.0' end
    return math.type(v) .. ' ' .. string.format(math.type(v) == 'float' and '%.17g' or '%d', v)
  elseif t == 'string' then
    return ('string "%s" len %d'):format(v:gsub('[^\32-\126]', function(c) return ('\\x%02x'):format(c:byte()) end), #v)
  elseif t == 'table' then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) < type(b)
    end)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. '=' .. d(v[k], depth + 1) end
    return 'table {' .. table.concat(parts, ', ') .. '}'
  end
  return t .. ' ' .. tostring(v)
end

exports('show', function(...)
  local n = select('#', ...)
  print('lua received ' .. n .. ' args')
  for i = 1, n do print(('  [%d] %s'):format(i, d((select(i, ...))))) end
  return n
end)
exports('echo', function(...) return {...} end)

AddEventHandler('lv:done', function() ExecuteCommand('quit') end)

CreateThread(function()
  local js = exports.lv_js
  js:show(1, 1.0, -0.0, math.maxinteger, math.mininteger, 2^53, 0/0, math.huge, -math.huge,
    'a\0b', '\xff\xfe', true, false, nil, {1, nil, 3}, {[1] = 1, [4] = 4}, {[3] = 'c'},
    {}, {a = {b = {1, {c = 'deep'}}}}, {[1.5] = 'float key', [true] = 'bool key'}, nil)
  -- dot form: the first argument is not swallowed
  print('dot form counts', js.show('one', 'two'), 'colon form counts', js:show('one', 'two'))
  for _, v in ipairs({1, 1.0, 2^63, -0.0, 'a\0b', {}, {1, nil, 3}}) do
    print('round trip', d(v), '->', d(js:roundTrip(v)))
  end
  local ok, err = pcall(js.show, js, coroutine.create(print))
  print('a thread cannot cross:', ok, err)
  ok, err = pcall(js.show, js, setmetatable({}, {__index = function() return 1 end}))
  print('metatables are ignored (raw):', ok, err)
  local t = {}; t.self = t
  ok, err = pcall(js.show, js, t)
  print('a cycle:', ok, err)
  -- named at the script's line, and as the script wrote the value
  ok, err = pcall(function() GlobalState.cyc = t end)
  print('a cycle into a state bag:', ok, err)
  print('msgpack.pack(print):', pcall(msgpack.pack, print))
  TriggerEvent('lv:jsToLua')
end)
