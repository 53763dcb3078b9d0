fx_version 'cerulean'
server_script 'x.js'
this is not lua
