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

-- FiveM's msgpack: pack(v) is the bytes of v alone, unpack(bytes) the value
print(msgpack.pack(1) == '\1', msgpack.pack('a') == '\xa1a', msgpack.pack_args(1, 2) == '\x92\1\2')
local t = msgpack.unpack('\x93\1\2\3')
print(type(t), #t, t[3])
local v = msgpack.unpack(msgpack.pack(vector3(1, 2, 3)))
print(type(v), v, v == vector3(1, 2, 3), msgpack.pack(vector2(1, 2)) == '\xd7\x14\0\0\x80\x3f\0\0\0\x40')
