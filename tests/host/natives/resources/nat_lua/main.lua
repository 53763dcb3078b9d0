-- Sync and async natives from Lua: globals, CallNative, Citizen.InvokeNative,
-- promises with Citizen.Await and :next, errors.
AddEventHandler('nat:jsDone', function()
    local e = WeftTestEcho(1, 'two', { 3 })
    print('echo', e[1], e[2], e[3][1])
    print('CallNative', CallNative('WeftTestEcho', true)[1])
    print('InvokeNative', Citizen.InvokeNative('WeftTestEcho', 'x')[1])
    local ok, err = pcall(WeftTestFail)
    print('sync failure:', ok, err)
    ok, err = pcall(CallNative, 'NoSuchNative')
    print('missing:', ok, err)
    local p = WeftTestAfter(5, { a = 1, big = 1 << 60 })
    print('async native returns a promise:', type(p), p.next ~= nil)
    local v = Citizen.Await(p)
    print('await:', v.a, math.type(v.big), v.big)
    print('work:', Citizen.Await(WeftTestWork('from a pool thread')))
    WeftTestNow(42):next(function(x) print('next:', x) end)
    ok, err = pcall(Citizen.Await, WeftTestReject('the database said no'))
    print('reject:', ok, err)
    local sum, ps = 0, {}
    for i = 1, 100 do ps[i] = WeftTestWork(i) end
    for i = 1, 100 do sum = sum + Citizen.Await(ps[i]) end
    print('100 in flight, sum:', sum)
    TriggerEvent('nat:stopMe')
    Citizen.Wait(100)
    print('nat_stop is', GetResourceState('nat_stop'))
    WeftTestAfter(600000, 'pending at quit')
    ExecuteCommand('quit')
end)
