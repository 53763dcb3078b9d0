fx_version 'cerulean'
game 'common'
description 'bench row 9: started last; reports start-up wall time and RSS'
server_script 'report.js'
