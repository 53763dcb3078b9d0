fx_version 'cerulean'
game 'common'
server_scripts { 'server/*.lua', 'srv/*.js', 'main.js' }
