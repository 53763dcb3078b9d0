fx_version 'cerulean'
game 'common'
server_scripts { 's.lua', 's2.lua' }
