RegisterCommand('cal_spinl', function() while true do end end, false)
RegisterCommand('cal_hil', function() print('hi from cal_lua') end, false)
