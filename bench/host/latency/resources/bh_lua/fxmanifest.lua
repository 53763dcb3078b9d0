fx_version 'cerulean'
game 'common'
description 'bench: a Lua resource calling back from its scheduler'
server_script 'bh_lua.lua'
