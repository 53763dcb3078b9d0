fx_version 'cerulean'
game 'common'
description 'drives the other resources and measures cross-resource await latency'
dependencies { 'bank', 'shop' }
server_script 'demo.js'
