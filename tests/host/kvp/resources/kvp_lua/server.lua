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
