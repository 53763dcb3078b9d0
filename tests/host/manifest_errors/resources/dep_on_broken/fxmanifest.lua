fx_version 'cerulean'
game 'common'
dependency 'broken'
server_script 'server.js'
