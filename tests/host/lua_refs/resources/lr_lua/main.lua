local js = exports.lr_js
local function counts(label)
  collectgarbage(); collectgarbage()
  local refs, proxies = WeftTestRefCounts()
  print(label, 'lua refs owned:', refs, 'proxies held:', proxies)
end
local function flush() Wait(1) end -- releases apply after a checkpoint

CreateThread(function()
  flush(); counts('start')
  -- Lua functions held by JS: refs stay while JS keeps them.
  for i = 1, 50 do js:keep(function(n) if n % 2 == 0 then Wait(1) end return n end) end
  flush(); counts('JS keeps 50 Lua functions')
  print('JS called them all (half of them yield):', js:callAll())
  js:drop()
  flush(); counts('JS dropped them')
  -- JS functions held by Lua: proxies, released by __gc.
  local fns = {}
  for i = 1, 50 do fns[i] = js:makeFn(i) end
  local sum = 0
  for i = 1, 50 do sum = sum + fns[i](1) end
  print('called 50 JS functions, sum', sum)
  counts('Lua holds 50 JS functions')
  fns = nil
  flush(); counts('Lua dropped them')
  -- Identity: a function that comes back is the original, both ways.
  local f = function() end
  print('own Lua function comes back as itself:', js:callBack(function(g) return g == f end, f))
  local jf = js:mine()
  print('JS proxy passed back to JS is the original:', js:isMine(jf))
  jf = nil
  -- A function passed in an event argument.
  AddEventHandler('lr:withFn', function(cb) print('event carried a function:', type(cb), cb('x')) end)
  TriggerEvent('lr:withFn', function(s) return 'lua got ' .. s end)
  -- Called a lot with yields in between: nothing piles up.
  local done = 0
  for i = 1, 200 do
    js:hold(function() Wait(1) done = done + 1 return done end)
  end
  print('200 yielding calls:', js:callAll() >= 200)
  js:drop()
  flush(); counts('end')
  ExecuteCommand('quit')
end)
