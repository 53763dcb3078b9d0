fx_version 'cerulean'
game 'common'
server_scripts { '@oxmysql/lib/MySQL.lua', 'main.lua' }
