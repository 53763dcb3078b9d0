fx_version 'cerulean'
game 'common'
server_script 'server.js'
node_version '22'
dependencies { 'cfx.re/playerData.v1alpha1', '/onesync' }
