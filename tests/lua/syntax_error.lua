-- exit: 1
print("never printed")
local x = = 1
