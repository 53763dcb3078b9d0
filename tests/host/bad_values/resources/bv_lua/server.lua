print('int abc', pcall(SetResourceKvpInt, 'b', 'abc'))
print('int nil', pcall(SetResourceKvpInt, 'b', nil), GetResourceKvpInt('b'))
print('convar ctl', pcall(SetConvar, 'c\127d', '1'))
RegisterCommand('bv_done', function()
  print('bv_done: b =', GetResourceKvpInt('b'))
  ExecuteCommand('quit')
end, false)
-- uncaught: the load error's one line names the file:line
SetResourceKvpFloat('f', 'nope')
