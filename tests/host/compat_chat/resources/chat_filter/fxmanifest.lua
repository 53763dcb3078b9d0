fx_version 'cerulean'
game 'common'
server_script 'filter.lua'
dependency 'chat'
