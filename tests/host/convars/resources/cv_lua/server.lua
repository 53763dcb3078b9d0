print('lua int', GetConvarInt('n_int', 0), GetConvarInt('n_true', 0), GetConvarInt('missing', -1))
print('lua float', GetConvarFloat('n_float', 0.0), 'bool', GetConvarBool('n_false', true))
print('lua string', GetConvar('sv_projectName', ''), GetConvar('missing', 'x'))
AddConvarChangeListener('SCRIPT:*', function(name, reserved)
  print('lua listener', name, GetConvar(name, ''))
end)
SetConvar('from_lua', 'abc')
-- long values: as long as a cfg/console line can give (4096+ bytes were
-- refused as "must be a string"), and past that a clear limit
print('lua long value', pcall(SetConvar, 'long_lua', string.rep('b', 9000)), #GetConvar('long_lua', ''))
print('lua too long', pcall(SetConvar, 'long_lua2', string.rep('b', 70000)))
-- a default past int64 saturates, NaN is no default (was INT64_MIN for all three)
print('lua int defaults', GetConvarInt('missing', 1e300), GetConvarInt('missing', -1e300), GetConvarInt('missing', 0/0))
