local js = exports.lp_js
exports('failSync', function() error('lua failed sync') end)
exports('failAfterWait', function() Wait(1) error('lua failed after Wait') end)
exports('promised', function(v)
  local p = promise.new()
  SetTimeout(1, function() p:resolve('promised ' .. v) end)
  return p
end)
exports('promisedReject', function()
  local p = promise.new()
  p:reject('rejected lua promise')
  return p
end)
exports('failTable', function() Wait(1) error({code = 7}) end)

CreateThread(function()
  print('already rejected:', pcall(function() return js:rejected() end))
  print('rejected later:', pcall(function() return js:rejectLater() end))
  local ok, e = pcall(function() return js:throwValue() end)
  print('a thrown value crosses as is:', ok, type(e), e.code)
  print('resolved twice:', js:twice())
  print('no such resource:', pcall(function() return js:noSuchRes() end))
  print('no such export:', pcall(function() return js:nope() end))
  print('stopped resource:', pcall(function() return exports.nothere:fn() end))

  -- Lua promises: resolve twice, reject after resolve, already settled.
  local p = promise.new()
  p:resolve(1); p:resolve(2); p:reject('no')
  print('resolved twice (lua):', Citizen.Await(p))
  local r = promise.new(); r:reject('boom')
  print('awaiting an already rejected promise:', pcall(Citizen.Await, r))

  -- Outside a scheduler thread a pending call returns a promise.
  local co = coroutine.wrap(function() return js:later('from a plain coroutine') end)
  local q = co()
  print('outside a thread:', tostring(q):match('^promise %((%a+)%)'))
  q:next(function(v) print('promise settled with', v) end)
  print('Citizen.Await outside a thread:', pcall(coroutine.wrap(function() return Citizen.Await(q) end)))
  print('awaited it in a thread:', Citizen.Await(q))
  local sync = coroutine.wrap(function() return js:plain(1) end)
  print('a sync result outside a thread is direct:', sync())

  TriggerEvent('lp:jsSide')
  -- This thread waits on lp_slow, which lp_js stops meanwhile: the wait
  -- ends with an error (and lp_slow's own wait on lp_js is dropped).
  print('a call pending into lp_slow when it stopped:', pcall(function() return exports.lp_slow:forever() end))
  ExecuteCommand('quit')
end)
