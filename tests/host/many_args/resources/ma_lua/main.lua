-- Handlers and exports that receive a caller-controlled number of arguments
-- (issue 9: 41+ arguments used to corrupt the heap).
local function summary(...)
  local args = table.pack(...)
  local sum = 0
  for i = 1, args.n do sum += args[i] or 0 end
  return args.n, sum
end
AddEventHandler('many', function(...)
  print('lua handler', summary(...))
end)
exports('count', function(...)
  local n, sum = summary(...)
  return n .. ' args, sum ' .. sum
end)
