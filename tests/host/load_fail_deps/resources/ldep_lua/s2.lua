print('ldep_lua s2.lua loaded')
