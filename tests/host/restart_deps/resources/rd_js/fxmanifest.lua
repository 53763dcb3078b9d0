fx_version 'cerulean'
game 'common'
dependency 'rd_base'
server_script 's.js'
