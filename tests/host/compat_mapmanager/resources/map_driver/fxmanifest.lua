fx_version 'cerulean'
game 'common'
server_script 'driver.lua'
dependency 'mapmanager'
