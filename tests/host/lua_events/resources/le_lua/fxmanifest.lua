fx_version 'cerulean'
game 'common'
server_scripts { 'a.lua', 'b.lua' }
