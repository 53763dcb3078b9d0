fx_version 'cerulean'
game 'common'
resource_type 'map' { gameTypes = { ['basic-gametype'] = true } }
map 'map.lua'
server_script 'spawns.lua'
