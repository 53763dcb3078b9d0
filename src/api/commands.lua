-- weft:lazy RegisterCommand
-- commands.lua: RegisterCommand sugar for Lua resources. A handler's error
-- (also after a Wait) is logged with the command's name; a stack overflow
-- under a script's ExecuteCommand in another command's handler is that
-- caller's (raised again there, so a command executing itself is reported
-- once, by the outermost command).
local register = RegisterCommand
function RegisterCommand(name, handler, restricted)
  if type(handler) ~= 'function' then return register(name, handler, restricted) end
  return register(name, function(source, args, raw, nested)
    -- where it failed: an error without a position (a native's) gets the
    -- innermost script line; out of memory (no message handler runs for it)
    -- the handler's own
    local ok, err = xpcall(handler, function(e)
      if type(e) ~= 'string' or e:find('^[^%s]+:%d+: ') then return e end
      for level = 2, 40 do
        local d = debug.getinfo(level, 'Sl')
        if not d then break end
        if d.currentline > 0 and not d.source:find('^@weft/') then
          return ('%s:%d: %s'):format(d.short_src, d.currentline, e)
        end
      end
      return e
    end, source, args, raw)
    if not ok and err == 'not enough memory' then
      local d = debug.getinfo(handler, 'S')
      err = ('%s:%d: %s'):format(d.short_src, d.linedefined, err)
    end
    if not ok and nested and type(err) == 'string' then
      local m = err:gsub('^[^ \n]*: ', '', 1)
      if m == 'C stack overflow' or m:match('^stack overflow') then error(err, 0) end
    end
    if not ok then
      local shown, text = pcall(tostring, err) -- a __tostring may raise too
      if not shown then
        text = ('(error object is a %s value; its __tostring raised: %s)'):format(type(err),
          type(text) == 'string' and text or type(text))
      end
      print(('SCRIPT ERROR: error in command "%s": %s'):format(tostring(name), text))
    end
  end, restricted)
end
