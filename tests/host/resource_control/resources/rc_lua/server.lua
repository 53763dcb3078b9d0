print('lua start', StartResource('rc_target'), GetResourceState('rc_target'))
-- stopping itself waits until its code is off the stack
print('lua stop self', StopResource('rc_lua'), GetResourceState('rc_lua'))
AddEventHandler('onResourceStop', function(name)
  if name == 'rc_lua' then
    print('rc_lua stopping now')
    ExecuteCommand('quit')
  end
end)
print('lua still running')
