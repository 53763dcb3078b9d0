fx_version 'cerulean'
game 'common'
dependency 'ghost'
server_script 'server.js'
