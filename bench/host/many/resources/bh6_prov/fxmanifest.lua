fx_version 'cerulean'
game 'common'
description 'bench row 6: answers callbacks from its own event loop'
server_script 'prov.js'
