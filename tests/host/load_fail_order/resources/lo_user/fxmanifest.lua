fx_version 'cerulean'
game 'common'
dependency 'lo_dep'
server_script 's.lua'
