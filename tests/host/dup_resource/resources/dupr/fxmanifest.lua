fx_version 'cerulean'
server_script 's.js'
