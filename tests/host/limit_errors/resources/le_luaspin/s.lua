RegisterCommand('le_luaspin', function()
  while true do end
end, false)
