fx_version 'cerulean'
server_script 'b.js'
