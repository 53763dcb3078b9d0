fx_version 'cerulean'
game 'common'
server_scripts { '@oxmysql/lib/MySQL.lua', 'server.lua' }
dependency 'oxmysql'
