fx_version 'cerulean'
game 'common'
description 'bench row 8: a net event into an async handler'
server_script 'bh_net.js'
