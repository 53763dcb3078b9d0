fx_version 'cerulean'
game 'common'
server_script 'server.lua'
