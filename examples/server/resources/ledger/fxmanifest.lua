fx_version 'cerulean'
game 'common'
description 'keeps every sale in the database (oxmysql API)'
dependency 'oxmysql'
server_scripts { '@oxmysql/lib/MySQL.lua', 'ledger.lua' }
