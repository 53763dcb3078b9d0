print('b.lua sees', shared, GetCurrentResourceName())
AddEventHandler('ev:cancel', function() CancelEvent() print('lua canceled it', WasEventCanceled()) end)
AddEventHandler('ev:order', function(tag) print('lua 4 sync (b.lua)', tag) end)
print('convars:', GetConvar('greeting', 'none'), GetConvar('missing', 'dflt'), GetConvarInt('answer', 0), GetConvarInt('missing', 7))
print('states:', GetResourceState('le_lua'), GetResourceState('le_js'), GetResourceState('nope'))
AddEventHandler('onResourceStart', function(name)
  if name ~= GetCurrentResourceName() then return end
  print('onResourceStart', name, GetResourceState(name))
end)
AddEventHandler('onResourceStop', function(name)
  if name == GetCurrentResourceName() then print('onResourceStop', name) end
end)
