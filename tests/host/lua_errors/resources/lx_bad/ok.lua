print('ok.lua still loads after a broken file')
