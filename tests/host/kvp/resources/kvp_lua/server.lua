local n = GetResourceKvpInt('runs') + 1
SetResourceKvpInt('runs', n)
print('lua run', n, GetResourceKvpString('lua_only'), GetResourceKvpString('note'))
SetResourceKvp('lua_only', 'from lua ' .. n)
SetResourceKvpFloatNoSync('f', 1.25)
print('lua float', GetResourceKvpFloat('f'), 'missing', GetResourceKvpString('nope'), GetResourceKvpInt('nope'))
local h = StartFindKvp('')
local keys = {}
while true do
  local k = FindKvp(h)
  if not k then break end
  keys[#keys + 1] = k
end
EndFindKvp(h)
print('lua keys', table.concat(keys, ','))
-- a string that is not UTF-8 (passed as msgpack bin) is stored byte-exact, as
-- FiveM stores it; this resource's JS reads it with U+FFFD for the bytes
local before = GetResourceKvpString('bytes')
print('lua bytes before', before and table.concat({before:byte(1, -1)}, ',') or 'none')
SetResourceKvp('bytes', '\255\0ok\200')
print('lua bytes', GetResourceKvpString('bytes'):byte(1, -1))
