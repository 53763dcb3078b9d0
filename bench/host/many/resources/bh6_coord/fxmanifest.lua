fx_version 'cerulean'
game 'common'
description 'bench row 6: starts the waiters, measures CPU, prints the result'
server_script 'coord.js'
