fx_version 'cerulean'
game 'common'
resource_type 'gametype' { name = 'Race' }
server_script 'race_server.js'
