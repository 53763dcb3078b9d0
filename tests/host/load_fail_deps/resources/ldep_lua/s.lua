print('ldep_lua s.lua loading')
RegisterCommand('ldep_cmd', function() print('ldep_cmd runs') end, false)
AddEventHandler('lf:ping', function() print('ldep_lua handler runs') end)
AddEventHandler('onResourceStart', function(n) if n == GetCurrentResourceName() then print('ldep_lua onResourceStart') end end)
exports('val', function() return 1 end)
local function fail() error('lua load failed') end
fail()
