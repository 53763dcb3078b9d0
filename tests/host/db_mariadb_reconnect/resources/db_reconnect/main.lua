-- One connection (weft_dbPoolSize 1): kill it from inside, then time a
-- query out; each time the next query reconnects.
Citizen.CreateThread(function()
    local id = MySQL.scalar.await('SELECT CONNECTION_ID()')
    local ok, err = pcall(MySQL.query.await, 'KILL CONNECTION ' .. math.tointeger(id))
    print('killed its own connection', ok, err)
    local id2 = MySQL.scalar.await('SELECT CONNECTION_ID()')
    print('reconnected', id2 ~= id)
    ok, err = pcall(MySQL.scalar.await, 'SELECT SLEEP(3)')
    print('timed out', ok, err)
    print('after the timeout', MySQL.scalar.await('SELECT 40 + 2'))
    ExecuteCommand('quit')
end)
