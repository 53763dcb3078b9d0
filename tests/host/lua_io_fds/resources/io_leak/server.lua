local f = assert(io.open('@io_leak/held.txt', 'a'))
f:write('started\n')
f:close()
held = {}
for i = 1, 20 do held[i] = assert(io.open('@io_leak/held.txt')) end
for _ = 1, 5 do io.open('@io_leak/held.txt', 'a') end
