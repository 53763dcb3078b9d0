print('lib/ok.lua runs for ' .. GetCurrentResourceName())
