fx_version 'cerulean'
game 'common'
shared_script '@lib/ok.lua'
server_script './server.js'
