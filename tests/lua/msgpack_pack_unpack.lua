local s = msgpack.pack(1, 2.5, "x\0y", nil, {1, 2, 3}, {a = 1}, true)
print(type(s), #s)
local a, b, c, d, e, f, g = msgpack.unpack(s)
print(a, math.type(a), b, c == "x\0y", d, #e, e[3], f.a, g)
print(pcall(msgpack.pack, function() end))
print(pcall(msgpack.unpack, "\xc1"))
print(select('#', msgpack.unpack(msgpack.pack())))
print(select('#', msgpack.unpack(msgpack.pack(nil, nil))))
local big = {}
for i = 1, 100 do big[i] = {i, tostring(i)} end
local back = msgpack.unpack(msgpack.pack(big))
print(#back, back[100][2])
