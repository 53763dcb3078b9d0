-- the standard libraries weft exposes (FiveM's os and io; debug limited; no
-- package); `weft run` has no resource folders, so io.open finds nothing
print(type(string.format), type(table.concat), type(math.floor), type(utf8.char), type(coroutine.wrap))
print(type(io), package, require, dofile, loadfile, debug.sethook, type(os.execute), os.exit,
      type(os.getenv))
print(io.open("libs.lua"))
print(type(os.time()), type(os.clock()), type(os.date("%Y")), type(debug.traceback))
print(load("return 1 + 1")())
print(utf8.char(233), ("%5.1f"):format(3.14159), table.concat({1, 2, 3}, ","))
print(type(Citizen.CreateThread), type(Citizen.Wait), type(Citizen.Await), type(Citizen.SetTimeout),
      type(Citizen.CreateThreadNow), type(CreateThread), type(Wait), type(SetTimeout))
print((tostring(promise.new()):gsub("0x%x+", "ADDR")))
