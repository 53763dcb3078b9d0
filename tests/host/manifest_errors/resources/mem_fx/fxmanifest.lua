fx_version 'cerulean'
game 'common'
local parts = {}
for i = 1, 64 do
  parts[i] = string.rep('x', 1024 * 1024)
end
