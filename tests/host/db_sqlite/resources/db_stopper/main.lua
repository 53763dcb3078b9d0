-- Stopped with two queries in flight: their callbacks never run.
AddEventHandler('db:stopMe', function()
    MySQL.scalar('SELECT SLEEP(0.3)', {}, function() print('must not print (MySQL.lua)') end)
    exports.oxmysql:scalar('SELECT SLEEP(0.3)', {}, function() print('must not print (export)') end)
    print('two queries in flight; stopping')
    StopResource(GetCurrentResourceName())
end)
