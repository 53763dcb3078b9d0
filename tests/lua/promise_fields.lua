-- FiveM code reads p.state (0 pending, 3 resolved, 4 rejected) and p.value
local p = promise.new()
print(p.state, p.value)
p:resolve(5)
print(p.state, p.value)
local q = promise.new(); q:reject('e'); print(q.state, q.value, type(q.next))
