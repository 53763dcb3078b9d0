fx_version 'cerulean'
game 'common'
server_scripts { 's.js', 's2.js' }
