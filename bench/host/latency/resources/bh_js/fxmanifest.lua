fx_version 'cerulean'
game 'common'
description 'bench: a JS resource answering from its own event loop'
server_script 'bh_js.js'
