fx_version 'cerulean'
game 'common'
lua54 'yes'
node_version '22'
name 'dblib'
description 'an in-memory database with oxmysql-style exports'
server_script 'server.lua'
provide 'legacydb'
files { 'lib/Db.lua' }
