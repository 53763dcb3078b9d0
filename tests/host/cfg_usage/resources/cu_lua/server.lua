local ok, err = pcall(SetConvar, 'weft_memoryLimitMb', '0')
print('lua SetConvar', ok, err)
SetConvar('weft_memoryLimitMb', '64')
print('weft_memoryLimitMb', GetConvarInt('weft_memoryLimitMb', -1))
