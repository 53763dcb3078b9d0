fx_version 'cerulean'
game 'common'
description 'keeps the chat in the database (oxmysql API) and greets whoever joins with the history'
dependency 'oxmysql'
server_scripts { '@oxmysql/lib/MySQL.lua', 'chatlog.lua' }
