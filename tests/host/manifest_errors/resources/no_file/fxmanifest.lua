fx_version 'cerulean'
server_script 'missing.js'
