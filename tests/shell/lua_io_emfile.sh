#!/bin/sh
# Lua io.open when the process runs out of descriptors (ulimit -n 64 here):
# the error says "Too many open files" (24), not FiveM's catch-all "No such
# file or directory" (2), and closing the handles makes io.open work again.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
resource fds server.lua "
RegisterCommand('fill', function()
  local held, err, code = {}, nil, nil
  for i = 1, 1000 do
    local f, e, c = io.open('@fds/fxmanifest.lua')
    if not f then err, code = e, c break end
    held[#held + 1] = f
  end
  print('fill:', err, code)
  for _, f in ipairs(held) do f:close() end
  print('after close:', io.type(io.open('@fds/fxmanifest.lua')))
end)"
printf 'ensure fds\n' > "$T/srv/server.cfg"
ulimit -n 64
serve
wait_for 'started resource fds' 20
type_line fill
wait_for 'after close:' 20
type_line quit
wait_exit 20
expect '^\[fds\] fill:	@fds/fxmanifest.lua: Too many open files	24$'
expect '^\[fds\] after close:	file$'
cat "$T/out"
echo PASS
