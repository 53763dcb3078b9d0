fx_version 'cerulean'
game 'common'
server_scripts { 'syntax.lua', 'ok.lua' }
