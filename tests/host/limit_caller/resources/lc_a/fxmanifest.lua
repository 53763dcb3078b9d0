fx_version 'cerulean'
server_script 'a.lua'
