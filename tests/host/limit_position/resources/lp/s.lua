local big = ('x'):rep(1e7)
RegisterCommand('bigerr', function()
  error(big, 0)
end)
-- grown a copy per entry, each well within the limit
SetTimeout(10, function() big = big .. big end)
SetTimeout(20, function() big = big .. big end)
