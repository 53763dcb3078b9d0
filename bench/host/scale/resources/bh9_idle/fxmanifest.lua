fx_version 'cerulean'
game 'common'
description 'bench row 9: idle CPU of the server over bench_seconds'
server_script 'idle.js'
