fx_version 'cerulean'
game 'common'
dependency 'ldep_js'
server_script 's.js'
