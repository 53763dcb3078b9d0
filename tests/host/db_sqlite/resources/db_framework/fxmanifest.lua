fx_version 'cerulean'
game 'common'
name 'db_framework'
server_scripts { '@oxmysql/lib/MySQL.lua', 'server/players.lua', 'server/main.lua' }
dependency 'oxmysql'
