fx_version 'adamant'
game 'common'
description 'chat, server side, written in the style of the cfx-server-data one'
lua54 'yes'
server_script 'sv_chat.lua'
dependencies { '/server:5181' }
