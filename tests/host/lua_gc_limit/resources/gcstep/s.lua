RegisterCommand('gcstep', function()
  setmetatable({}, {__gc = function() while true do end end})
  for i = 1, 1e6 do local t = {i} end
  print('gcstep: returned')
end)
