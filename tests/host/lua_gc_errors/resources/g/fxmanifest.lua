fx_version 'cerulean'
game 'common'
server_script 's.lua'
