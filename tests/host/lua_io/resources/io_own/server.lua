-- Each line prints what a call returned; s() joins all its results, strings
-- quoted on one line.
local function s(...)
  local t = table.pack(...)
  for i = 1, t.n do
    local v = t[i]
    t[i] = type(v) == 'string' and (string.format('%q', v):gsub('\\\n', '\\n')) or tostring(v)
  end
  return table.concat(t, ' ')
end
-- pcall of a method call, as scripts write it (argument numbers as they see them)
local function try(f, ...)
  local args = table.pack(...)
  return pcall(function() return f(table.unpack(args, 1, args.n)) end)
end
local function slurp(p)
  local f = assert(io.open(p))
  local d = f:read('a')
  f:close()
  return d
end

-- what the libraries hold
print('io:', type(io.open), type(io.lines), io.input, io.output, io.read, io.popen ~= nil)
print('os:', type(os.remove), type(os.rename), type(os.createdir), os.exit)

-- write and read back in the resource's own folder, three ways to name it
local f = assert(io.open('@io_own/log.txt', 'w'))
print('write:', f:write('a', 1, ' ', 2.5, '\n') == f)
print('close:', f:close(), io.type(f), tostring(f))
f = assert(io.open('resources/io_own/log.txt', 'a'))
f:write('appended\n')
f:close()
print('read:', s(slurp(GetResourcePath('io_own') .. '/log.txt')))

-- "w" replaces the contents (cut at the end of each write, as FiveM)
f = assert(io.open('@io_own/log.txt', 'w'))
f:write('hi')
f:close()
print('w again:', slurp('@io_own/log.txt'))

-- read formats and counts
f = assert(io.open('@io_own/nums.txt', 'w'))
f:write('12 0x1F -3.5e2\nline two\r\nthree\n\n\nfour')
f:close()
f = assert(io.open('@io_own/nums.txt', 'r'))
print('n:', f:read('n', '*n', 'n'))
print('l:', s(f:read('l'), f:read('L')))
print('count:', s(f:read(3, 0)))
print('a:', s(f:read('a'), f:read('a'), f:read('l'), f:read(0), f:read(1)))
print('seek:', f:seek('end'), f:seek('set', 3), f:read(4), f:seek(), f:seek('cur', -2), f:read(1))
print('setvbuf:', f:setvbuf('no'), f:setvbuf('full', 1024), try(function() return f:setvbuf('sometimes') end))
print('huge counts:', f:seek('set', 0), #f:read(math.maxinteger), f:seek('set'), #f:read(-1), f:read(1 << 40))
f:close()

-- f:lines: CR and LF end lines, blank lines skipped; io.lines yields nothing (FiveM)
f = assert(io.open('@io_own/nums.txt'))
local got = {}
for line in f:lines('n') do got[#got + 1] = '[' .. line .. ']' end
print('lines:', table.concat(got, ' '))
f:close()
local n = 0
for _ in io.lines('@io_own/nums.txt') do n = n + 1 end
print('io.lines:', n)

-- "r+": update in place; FiveM cuts the file where the write ends
f = assert(io.open('@io_own/nums.txt', 'r+'))
f:seek('set', 3)
f:write('XY')
f:close()
print('r+:', s(slurp('@io_own/nums.txt')))

-- another resource's files: readable, never writable
print('other read:', s(slurp('@io_other/data.txt')))
f = assert(io.open('@io_other/data.txt', 'w'))
print('other write:', f:write('lost'))
f:close()
print('other kept:', s(slurp('@io_other/data.txt')))
print('other new:', io.open('@io_other/new.txt', 'w'))
print('outside:', io.open('server.cfg'))
print('outside abs:', io.open('/etc/hostname'))
print('dotdot:', io.open('@io_own/../io_other/data.txt'))
print('no resource:', io.open('@nope/x.txt', 'w'))
print('missing:', io.open('@io_own/missing.txt'))
print('no folder:', io.open('@io_own/none/x.txt', 'w'))

-- os.createdir/remove/rename
print('createdir:', os.createdir('@io_own/sub'))
print('createdir again:', os.createdir('@io_own/sub'))
print('createdir other:', os.createdir('@io_other/sub'))
f = assert(io.open('@io_own/sub/a.txt', 'w'))
f:write('moved')
f:close()
print('rename:', os.rename('@io_own/sub/a.txt', 'resources/io_own/b.txt'), slurp('@io_own/b.txt'))
print('rename from other:', os.rename('@io_other/data.txt', '@io_own/stolen.txt'))
print('rename to other:', os.rename('@io_own/b.txt', '@io_other/b.txt'))
print('rename dotdot:', os.rename('@io_own/b.txt', '@io_own/../io_other/b.txt'))
print('remove:', os.remove('@io_own/b.txt'), io.open('@io_own/b.txt'))
print('remove missing:', os.remove('@io_own/b.txt'))
print('remove other:', s(os.remove('@io_other/data.txt')), s(slurp('@io_other/data.txt')))
print('remove dir:', os.remove('@io_own/sub'))

-- directory listings: io.readdir (any folder, FiveM's) and io.popen's "dir"/"ls"
local function names(d)
  local t = {}
  for name in d:lines() do t[#t + 1] = name end
  table.sort(t)
  return table.concat(t, ',')
end
f = assert(io.open('@io_own/sub/c.txt', 'w'))
f:close()
local d = io.readdir('@io_own/sub')
print('readdir:', names(d), s(tostring(d)), names(io.readdir('resources')))
print('readdir close:', d:close(), tostring(d), try(function() return d:lines() end))
print('readdir missing:', names(io.readdir('@io_own/none')), names(io.readdir('@nope/x')), names(io.readdir('a\0b')))
print('popen:', names(io.popen('dir "resources/io_own/sub"')), names(io.popen('ls "' .. GetResourcePath('io_own') .. '/sub" -a')))
print('popen outside:', io.popen('ls "/etc"'))
print('popen other:', io.popen('rm -rf "resources/io_own"'))
print('popen no path:', io.popen('ls'))
os.remove('@io_own/sub/c.txt')

-- symlinks leaving the folder: not followed for reading or writing; removing
-- a link removes the link
print('link read:', io.open('@io_own/link.txt'))
print('link dir write:', io.open('@io_own/otherdir/data.txt', 'a'))
print('link dir remove:', os.remove('@io_own/otherdir/data.txt'))
f = assert(io.open('@io_own/b2.txt', 'w')) f:close()
print('link dir rename:', os.rename('@io_own/b2.txt', '@io_own/otherdir/x.txt'))
os.remove('@io_own/b2.txt')
print('link remove:', os.remove('@io_own/link.txt'), io.open('@io_own/link.txt'), s(slurp('@io_other/data.txt')))

-- not regular files
print('fifo:', io.open('@io_own/fifo'))
print('fifo w:', io.open('@io_own/fifo', 'w'))
print('dir:', io.open('@io_own/sub'))

-- bad arguments
print(pcall(io.open))
print(pcall(io.open, {}))
print('nul:', io.open('@io_own/a\0b.txt', 'w'))
print('nul remove:', os.remove('@io_own/log.txt\0x'), io.type(io.open('@io_own/log.txt')))
f = assert(io.open('@io_own/log.txt'))
print(try(function() return f:read({}) end))
print(try(function() return f:read('x') end))
print(try(function() return f:write('ok', {}) end))
local w = assert(io.open('@io_own/w.txt', 'w'))
print(try(function() return w:write(1, true) end))
w:close()
print(try(function() return f:seek('far') end))
print(try(function() return f:seek('set', 'x') end))
f:close()
print(try(function() return f:read() end))
print(try(function() return f:close() end))
print(try(function() return f:lines() end))
print(pcall(io.close))
print(pcall(io.type))
print('std:', io.type(io.stdout), try(function() return io.stdout:write('x') end))
print('flush/tmpfile:', s(io.flush()), s(io.tmpfile()))
print(pcall(os.remove))
print(pcall(os.rename, 'a'))

-- os
print('execute:', os.execute(), os.execute('ls'))
print('getenv:', os.getenv('OS'), os.getenv('os'), os.getenv('HOME'), os.getenv('PATH'))
print('setlocale:', os.setlocale('C'), os.setlocale(), pcall(os.setlocale, 'C', 'money'))
print('tmpname:', os.tmpname(), os.tmpname())
print('date:', os.date('!%Y-%m-%d %H:%M:%S', 86400), os.date('!%Y%', 0), os.date('!*t', 0).year)
print(pcall(os.date, '%Q'))
print('time:', os.time({ year = 1970, month = 1, day = 2, hour = 0, isdst = false }) ~= nil)
print(pcall(os.time, { year = 2000, month = 1 }))
print('difftime:', os.difftime(10, 4), pcall(os.difftime, 1))
print('deltatime:', os.deltatime(5, 9), os.deltatime(9, 5))
print('clocks:', math.type(os.microtime()), math.type(os.nanotime()), os.nanotime() > os.microtime(),
  math.type(os.clock()))
print('rdtsc:', os.rdtsc == nil or math.type(os.rdtsc()), os.rdtscp == nil or math.type(os.rdtscp()))

-- an uncaught error is one line naming the file and line
Citizen.CreateThread(function()
  local g = assert(io.open('@io_own/log.txt'))
  g:close()
  g:read('a')
end)
Citizen.CreateThread(function()
  Wait(0)
  ExecuteCommand('quit')
end)
