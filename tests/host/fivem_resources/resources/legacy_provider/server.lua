-- only FiveM's export events, for a name it provides (oxmysql's
-- ghmattimysql compatibility works this way)
AddEventHandler('__cfx_export_legacyDb_execute', function(setCB)
  setCB(function(query) return 'ran ' .. query end)
end)
