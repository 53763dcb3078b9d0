fx_version 'cerulean'
server_script 'echo.js'
