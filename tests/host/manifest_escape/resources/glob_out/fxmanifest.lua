fx_version 'cerulean'
game 'common'
server_scripts { 'server.lua', 'out/*.lua' }
