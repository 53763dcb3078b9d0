-- json.encode / json.decode round trips
local function rt(v) return json.decode(json.encode(v)) end
local t = rt({name = "weft", list = {1, 2, 3}, nested = {a = {b = {c = true}}}, f = 1.5, neg = -7})
print(t.name, #t.list, t.list[3], t.nested.a.b.c, t.f, t.neg, math.type(t.neg))
print(json.encode({b = 1, a = 2, c = {z = 1, y = 2}}))
print(json.encode({1, "two", false, {3}}))
print(json.encode("quote \" backslash \\ newline \n tab \t nul \0 del \127 é"))
local s = json.decode(json.encode("\0\1\31 é ünï"))
print(#s, s == "\0\1\31 é ünï")
print(json.encode(json.decode('{"k":[1,2,{"x":null}],"e":{},"a":[]}')))
print(json.encode(123), json.encode(-0.5), json.encode(true), json.encode(nil), json.encode("s"))
print(json.decode("42"), json.decode(" \"str\" "), json.decode("true"), json.decode("null"))
