fx_version 'cerulean'
game 'common'
files { 'html/index.html', '../../outside/secret.lua' }
server_script 'server.lua'
