exports('forever', function() Wait(100000) return 'never' end)
-- Waits on a JS promise that never settles: dropped when this resource stops.
CreateThread(function()
  exports.lp_js:never()
  print('never printed')
end)
AddEventHandler('onResourceStop', function(name)
  if name == 'lp_slow' then print('lp_slow stopping') end
end)
