print('lo_dep loading')
RegisterCommand('lo_depcmd', function() print('lo_depcmd runs') end, false)
error('lo_dep fails')
