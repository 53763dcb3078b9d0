local js = exports.la_js
exports('waitThenReturn', function(ms, v) Wait(ms) return v end)
exports('yieldOnce', function(i)
  local p = promise.new()
  SetTimeout(0, function() p:resolve(i) end)
  return Citizen.Await(p)
end)
exports('sync', function(x) return x * 21 end)

AddEventHandler('la:answer', function(v) print('lua got answer', v) end)
AddEventHandler('la:done', function()
  print('lua: done')
  ExecuteCommand('quit')
end)

CreateThread(function()
  -- A JS export that awaits another JS resource.
  local f0 = js:frames()
  print('relay:', js:relay(21), 'frames waited:', js:frames() - f0)
  -- A JS async callback called from CreateThread.
  local cb = js:makeCallback()
  CreateThread(function()
    local f1 = js:frames()
    local v = cb(41)
    print('lua got callback result', v, 'frames waited:', js:frames() - f1)
    -- A Lua event into an async JS handler.
    TriggerEvent('la:event', 5)
    print('lua after TriggerEvent (sync part ran first)')
    Wait(0)
    -- Latency: 200 sequential awaits of a JS async export.
    js:mark('start')
    for i = 1, 200 do js:tick() end
    js:mark('end')
    TriggerEvent('la:go')
  end)
end)
