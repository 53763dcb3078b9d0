fx_version 'cerulean'
game 'common'
lua54 'yes'
server_script 'server.lua'
provides { 'cfx.re/playerData.v1alpha1' }
dependencies { '/onesync', '/server:5181', '/gameBuild:2699' }
