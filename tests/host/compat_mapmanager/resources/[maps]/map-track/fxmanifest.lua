fx_version 'cerulean'
game 'common'
resource_type 'map' { gameTypes = { ['race-gametype'] = true } }
server_script 'track.lua'
