-- a Lua library exporting in every way FiveM resources do
exports('add', function(a, b) return a + b end)
exports('pair', function() return 1, 'two' end)
exports('echo', function(...) return select('#', ...), ... end)
exports('slow', function() Wait(5) return 'a', 'b' end)
exports('none', function() end)
-- `server_export 'legacy'` in the manifest: this global function
function legacy(x) return 'legacy ' .. x end
-- FiveM's own mechanism, written by hand (as oxmysql does for ghmattimysql)
AddEventHandler('__cfx_export_fx_lib_viaEvent', function(setCB)
  setCB(function(x) return x * 3 end)
end)
