-- integers stay integers (exactly, to int64), floats read back exactly
for _, src in ipairs({"1", "-1", "0", "9007199254740993", "9223372036854775807", "-9223372036854775808",
                      "1.0", "1e3", "2.5", "1E-2", "0.1", "9223372036854775808", "-0"}) do
  local v = json.decode(src)
  print(src, v, math.type(v))
end
for _, v in ipairs({0.1, 1/3, 1e300, -1e-300, 2^53, 100.0, 123456789012345678, math.mininteger}) do
  local s = json.encode(v)
  print(s, json.decode(s) == v)
end
print(json.encode(0/0), json.encode(math.huge), json.encode(-math.huge))
