-- weft:lazy RegisterCommand
-- commands.lua: RegisterCommand sugar for Lua resources. A handler's error
-- (also after a Wait) is logged with the command's name.
local register = RegisterCommand
function RegisterCommand(name, handler, restricted)
  if type(handler) ~= 'function' then return register(name, handler, restricted) end
  return register(name, function(source, args, raw)
    local ok, err = pcall(handler, source, args, raw)
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
