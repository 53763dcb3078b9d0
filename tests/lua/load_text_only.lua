-- Resources load text chunks only (issue 9): load() refuses precompiled
-- chunks, whatever mode is asked for; a corrupted dump is an error, not a crash.
local dumped = string.dump(function() return 42 end)
print('dump starts with ESC:', dumped:byte(1) == 27)
print(load(dumped))
print(load(dumped, 'named', 'b'))
print(load(dumped, 'named', 'bt', {}))
print(load(dumped:sub(1, 12) .. ('\255'):rep(40), 'corrupted'))
local parts = { dumped:sub(1, 5), dumped:sub(6) }
local i = 0
print(load(function() i = i + 1 return parts[i] end, 'reader'))
-- text chunks load as before, with chunk names and environments
print(load('return 1 + 1')())
print(load('return x', 'withenv', 't', { x = 5 })())
print(load('return x', '=mine', 'b'))
print(type(load('return x', '=mine', 'bt')))
local f, err = load('syntax error here', '=bad')
print(f, err)
print(pcall(load, dumped, 'x', 't', nil))
