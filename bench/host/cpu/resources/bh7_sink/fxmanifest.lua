fx_version 'cerulean'
game 'common'
description 'bench row 7: an event handler and a sync export in another resource'
server_script 'sink.js'
