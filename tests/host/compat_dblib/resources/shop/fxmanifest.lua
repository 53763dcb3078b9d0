fx_version 'cerulean'
game 'common'
lua54 'yes'
dependency 'dblib'
server_scripts { '@dblib/lib/Db.lua', 'server.lua' }
