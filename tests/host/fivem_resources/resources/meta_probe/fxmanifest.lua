fx_version 'cerulean'
game 'common'
description 'never started'
my_data 'first' { b = 'x', a = 1, list = { 1, 2, 'three' }, nested = { ok = true }, empty = {} }
server_script 'never.lua'
