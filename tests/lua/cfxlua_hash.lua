-- CfxLua compile-time hashes (deps/patches/lua/0002): `text` is the signed
-- 32-bit Jenkins one-at-a-time hash of the lower-cased text, an integer
-- constant. Values as FiveM documents them (adder, "Hello, World!", CPed).
print(`adder`, `ADDER` == `adder`, math.type(`adder`))
print(`Hello, World!`, `CPed`, ``)
print(`\x41` == `a`, `a\tb` == `A\tB`)
local names = { [`weapon_pistol`] = 'pistol', [`WEAPON_SMG`] = 'smg' }
print(names[453432689], names[`weapon_smg`]) -- WEAPON_PISTOL is 0x1B06D571
local model = `a_m_y_skater_01`
if model == `A_M_Y_SKATER_01` then print('same model') end
print(string.format('%08x', `adder` & 0xffffffff))
-- a number, not a string (concatenation gives its digits)
print(`a` .. "b")
print(load('return `unterminated'))
print(load('local s = "`not a hash`" return s')())
