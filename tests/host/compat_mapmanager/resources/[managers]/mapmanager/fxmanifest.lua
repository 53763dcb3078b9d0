fx_version 'cerulean'
game 'common'
lua54 'yes'
server_scripts { 'mapmanager_server.lua' }
server_export 'getCurrentGameType'
server_export 'getCurrentMap'
server_export 'changeGameType'
server_export 'changeMap'
server_export 'doesMapSupportGameType'
