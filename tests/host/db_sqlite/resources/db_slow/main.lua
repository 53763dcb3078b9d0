-- Slow-query warnings (database time and queue time apart), a resource
-- stopped with queries in flight, per-resource counts in `resources`.
AddEventHandler('db:frameworkDone', function()
    print('slow query result', MySQL.scalar.await('SELECT SLEEP(0.4)'))
    TriggerEvent('db:stopMe')
    Citizen.Wait(50)
    print('db_stopper is', GetResourceState('db_stopper'))
    -- queued behind the stopped resource's queries on a busy backend: works
    print('still serving', MySQL.scalar.await('SELECT 1 + 1'))
    Citizen.Wait(400)
    ExecuteCommand('resources')
    ExecuteCommand('quit')
end)
