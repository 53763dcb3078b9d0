-- past weft_memoryLimitMb (64) the allocation fails with a catchable error;
-- uncaught, the handler's error is logged; the resource keeps running
AddEventHandler('limits:luahog', function()
  local ok, err = pcall(string.rep, 'x', 100 * 1024 * 1024)
  print('luahog caught: ' .. tostring(err))
  local t, kb = {}, string.rep('y', 1024)
  while true do t[#t + 1] = string.rep(kb, 1024) end -- 1 MiB each, quickly (ASan)
end)
AddEventHandler('limits:luahog2', function() print('luahog still handles events') end)
