fx_version 'cerulean'
game 'common'
resource_type 'gametype' { name = 'Freeroam' }
server_script 'basic_server.lua'
