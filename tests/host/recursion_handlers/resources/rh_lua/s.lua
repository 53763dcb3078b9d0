AddStateBagChangeHandler('lualoop', 'global', function(bag, key, value) GlobalState.lualoop = (value or 0) + 1 end)
AddConvarChangeListener('luacv', function() SetConvar('luacv', tostring(GetConvarInt('luacv', 0) + 1)) end)
RegisterCommand('rh_luasb', function() GlobalState.lualoop = 1 end, false)
RegisterCommand('rh_luacv', function() SetConvar('luacv', '1') end, false)
