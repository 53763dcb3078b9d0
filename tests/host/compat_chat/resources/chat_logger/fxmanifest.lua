fx_version 'cerulean'
game 'common'
server_script 'logger.js'
dependency 'chat'
