-- CfxLua vector values: constructors, fields, swizzles, arithmetic, #, ==
local v = vector3(1, 2, 3)
print(type(v), v, v.x, v.y, v.z, v.w, v[1], v[3], v[4])
print(vec3(1, 2, 3) == v, vector3(1, 2, 3.5) == v, v ~= vector3(3, 2, 1), vector2(1, 2) == vector2(1, 2))
print(vector3(2), vector4(vector2(1, 2), 3, 4), vector3(vector2(5, 6), 7), vec2(0.5, -1))
print(v.xy, v.zyx, v.xxxx, v.q, v.xyzw)
print(v + vector3(1, 1, 1), v - 1, 2 * v, v * v, v / 2, 6 / v, -v)
print(#vector2(3, 4), #(vector3(1, 2, 3) - vector3(1, 2, 3)), math.type(#v))
print(vector3(1.1, 0, 0).x == 1.1, math.abs(vector3(1.1, 0, 0).x - 1.1) < 1e-6)
local q = quat(1, 0, 0, 0)
print(type(q), q, q.w, q.x, q * q == q, q * vector3(1, 2, 3))
local r = quat(math.cos(math.pi / 4), 0, 0, math.sin(math.pi / 4)) -- 90 degrees about z
local p = r * vector3(1, 0, 0)
print(math.abs(p.x) < 1e-6, math.abs(p.y - 1) < 1e-6, #r)
print(pcall(function() v.x = 5 end))
print(pcall(vector3, 1, 2))
print(pcall(function() return v + vector2(1, 2) end))
print(pcall(function() return v + 'a' end))
print(type(1), type(nil), type({}), type(print), pcall(type))
local seen = {}
seen[vector3(1, 2, 3)] = true
print('vectors are values for ==, not for table keys', seen[vector3(1, 2, 3)])
