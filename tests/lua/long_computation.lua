-- `weft run` has no CPU limit by default, as Node (issue 9): a legitimate
-- computation of 7 s of CPU time (past weft serve's 5 s limit, however busy
-- the machine) runs to its end with no warning.
local t0, n = os.clock(), 0
while os.clock() - t0 < 7 do
  for _ = 1, 10000 do n = n + 1 end
end
print('7 s computation done:', n > 0)
