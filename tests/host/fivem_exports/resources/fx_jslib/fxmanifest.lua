fx_version 'cerulean'
game 'common'
server_script 'lib.js'
server_export 'jsLegacy'
