fx_version 'cerulean'
game 'common'
lua54 'yes'
server_script 'server.lua'
