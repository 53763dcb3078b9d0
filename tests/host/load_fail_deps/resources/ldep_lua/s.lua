RegisterCommand('ldep_cmd', function() print('ldep_cmd runs') end, false)
AddEventHandler('lf:ping', function() print('ldep_lua handler runs') end)
exports('val', function() return 1 end)
local function fail() error('lua load failed') end
fail()
