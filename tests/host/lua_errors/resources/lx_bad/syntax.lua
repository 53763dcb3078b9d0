print('syntax.lua'
local = 1
