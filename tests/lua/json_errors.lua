-- bad input: json.decode returns nil and a message; json.encode raises
for _, src in ipairs({"", "{", "[1,]", "{\"a\" 1}", "tru", "01", "1.", "\"abc", "\"\\x\"",
                      "\"\\ud800\"", "[1] x", "{1:2}", "\"a\1b\"", "nan"}) do
  print(string.format("%q", src), json.decode(src))
end
local cyc = {}
cyc.self = cyc
print(pcall(json.encode, cyc))
print(pcall(json.encode, {f = print}))
print(pcall(json.encode, {[true] = 1}))
local deep = {}
local cur = deep
for _ = 1, 200 do cur[1] = {} cur = cur[1] end
print(pcall(json.encode, deep))
print(json.decode(string.rep("[", 200) .. string.rep("]", 200)))
print(json.decode('"\\u00e9\\ud83d\\ude00"') == "é😀")
-- same table twice (not a cycle) is fine
local shared = {1}
print(json.encode({shared, shared}))
