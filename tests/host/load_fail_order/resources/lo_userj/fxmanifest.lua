fx_version 'cerulean'
game 'common'
dependency 'lo_depj'
server_script 's.js'
