fx_version 'cerulean'
game 'common'
server_script '@lib/out/secret.lua'
