fx_version 'cerulean'
game 'common'
description 'tax: a Lua resource talking to the JS bank and shop'
server_script 'tax.lua'
