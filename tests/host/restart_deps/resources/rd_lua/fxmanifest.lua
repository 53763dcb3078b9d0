fx_version 'cerulean'
game 'common'
dependencies { 'rd_base' }
server_script 's.lua'
