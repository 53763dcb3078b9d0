-- Console fuzzing: see ../fzjs/server.js. Arguments come from JS (or from
-- `emit fz:lua [...]` directly) and go back to JS.
AddEventHandler('fz:lua', function(...)
  TriggerEvent('fz:js', ...)
end)
RegisterNetEvent('fz')
AddEventHandler('fz', function(...)
  TriggerEvent('fz:js', source, ...)
end)
