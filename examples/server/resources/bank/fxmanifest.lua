fx_version 'cerulean'
game 'common'
description 'accounts: sync and async exports'
server_script 'bank.js'
