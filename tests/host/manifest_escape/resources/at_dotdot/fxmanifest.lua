fx_version 'cerulean'
game 'common'
server_script '@lib/../../outside/secret.lua'
