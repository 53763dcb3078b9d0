-- no ACE for the ACE commands: refused with one line each, nothing changes
ExecuteCommand('add_ace resource.admin_lua command allow')
ExecuteCommand('add_principal resource.admin_lua group.admin')
ExecuteCommand('test_ace resource.admin_lua command.add_ace')
ExecuteCommand('set lua_flag yes')
print('convar', GetConvar('lua_flag', 'unset'))
