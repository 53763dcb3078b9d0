-- weft:lazy AddConvarChangeListener
-- convar.lua: AddConvarChangeListener for Lua resources. A listener's error
-- is logged with the convar's name (the host calls it, where nobody else
-- would see it); a stack overflow is the setter's (SetConvar raises it
-- again, so a listener setting its own convar is one report).
local add = AddConvarChangeListener
function AddConvarChangeListener(filter, handler)
  if type(handler) ~= 'function' then return add(filter, handler) end
  return add(filter, function(name, ...)
    local ok, err = pcall(handler, name, ...)
    if not ok then
      if type(err) == 'string' then
        local m = err:gsub('^[^ \n]*: ', '', 1)
        if m == 'C stack overflow' or m:match('^stack overflow') then error(err, 0) end
      end
      print('SCRIPT ERROR: error in convar change listener for "' .. tostring(name) .. '": ' .. tostring(err))
    end
  end)
end
