fx_version 'cerulean'
game 'common'
server_scripts { 'drive.lua', 'drive.js' }
