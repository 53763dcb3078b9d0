fx_version 'cerulean'
game 'common'
description 'bench: runs rows 1-5 and prints the samples'
server_script 'bh_client.js'
