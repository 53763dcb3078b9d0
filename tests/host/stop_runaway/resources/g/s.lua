AddEventHandler('onResourceStop', function(name)
  if name == GetCurrentResourceName() then
    while true do end
  end
end)
