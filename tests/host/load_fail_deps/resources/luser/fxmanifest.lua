fx_version 'cerulean'
game 'common'
dependency 'ldep_lua'
server_script 's.lua'
