-- CfxLua syntax (deps/patches/lua/0001): compound assignment and C comments,
-- and Lua 5.4's own syntax around them unchanged.
local x = 5
x += 2 print("+=", x)
x -= 1 print("-=", x)
x *= 3 print("*=", x)
x /= 4 print("/=", x, math.type(x))
local b = 6
b <<= 2 print("<<=", b)
b >>= 1 print(">>=", b)
b &= 7 print("&=", b)
b |= 8 print("|=", b)
b ^= 3 print("^= (xor)", b)
x = 2
x *= 1 + 2 print("x *= 1 + 2 ->", x)   -- v = v op (e)

-- indexed targets: table and key evaluated once
local t = { n = 1, a = { 1, 2 } }
local calls = 0
local function key() calls += 1 return 2 end
local function tab() calls += 1 return t.a end
tab()[key()] += 10 print("t.a[2]", t.a[2], "calls", calls)
t.n += 1 print("t.n", t.n)
t["n"] -= 5 print("t['n']", t.n)
t.a[1] += t.a[1] print("t.a[1]", t.a[1])
g = 1 g += 1 print("global", g)
local up = 1
local function bump() up += 41 end
bump() print("upvalue", up)
local mt = setmetatable({}, { __add = function(a, v) return "added " .. v end })
local h = mt h += 3 print("metamethod", h)


/* a C block comment on one line */ print("after comment, line", debug.getinfo(1, "l").currentline)
/* a block comment
   over three
   lines */ print("line numbers kept:", debug.getinfo(1, "l").currentline)
/***/ /** x **/ print("stars ok")
print(7 // 2, 7.0 // 2, 7 / 2, 2 ^ 3, 1 - -1, 3 - 1, 1 << 4, 256 >> 4, 6 & 3, 6 | 1, 6 ~ 3, ~0)
print(1 <= 2, 2 >= 1, 1 ~= 2, "/* not a comment */", "x += 1", [[a /* b */ c]])
local c <const> = 10 print("const", c)
local y = 3 --[[ long comment ]] y = y + 1 print("y", y) -- line comment
local z = {[1]=2} print(z[1])

-- what CfxLua does not accept either stays a syntax error, with a clear message
for _, src in ipairs { "x, y += 1", "local c <const> = 1; c += 1", "f() += 1", "x //= 2", "x %= 2",
                      "x ..= 'a'", "x += 1, 2", "x++", "/* never closed\n\n", "x +=" } do
  local f, err = load(src)
  print(src:gsub("\n", "\\n"), f, err)
end
