-- A small admin tool: /ban /unban /bans /promote, ACE-checked per caller
-- identity, bans kept in KVP under "ban:<license>".
local function allowed(identity, perm)
  if identity == 'console' then return true end
  return IsPrincipalAceAllowed('identifier.' .. identity, perm)
end

local function ban(by, license, reason)
  if not allowed(by, 'admin.ban') then
    print(('%s may not ban'):format(by))
    return false
  end
  SetResourceKvp('ban:' .. license, json.encode({ reason = reason, by = by }))
  print(('%s banned %s: %s'):format(by, license, reason))
  return true
end

local function listBans()
  local out = {}
  local h = StartFindKvp('ban:')
  while true do
    local k = FindKvp(h)
    if not k then break end
    local b = json.decode(GetResourceKvpString(k))
    out[#out + 1] = ('%s (%s, by %s)'):format(k:sub(5), b.reason, b.by)
  end
  EndFindKvp(h)
  return out
end

RegisterCommand('ban', function(source, args)
  ban('console', args[1], table.concat(args, ' ', 2))
end, true)

RegisterCommand('unban', function(source, args)
  DeleteResourceKvp('ban:' .. args[1])
  print('unbanned ' .. args[1])
end, true)

RegisterCommand('bans', function()
  local bans = listBans()
  print(('%d ban(s): %s'):format(#bans, table.concat(bans, '; ')))
end, true)

RegisterCommand('promote', function(source, args)
  ExecuteCommand(('add_principal identifier.%s group.mod'):format(args[1]))
  print(('promoted %s: kick %s, ban %s'):format(args[1],
    tostring(allowed(args[1], 'admin.kick')), tostring(allowed(args[1], 'admin.ban'))))
end, true)

exports('isBanned', function(license)
  return GetResourceKvpString('ban:' .. license) ~= nil
end)
exports('ban', ban)

local runs = GetResourceKvpInt('runs') + 1
SetResourceKvpInt('runs', runs)
print('admintool run ' .. runs .. ', bans on record: ' .. #listBans())
