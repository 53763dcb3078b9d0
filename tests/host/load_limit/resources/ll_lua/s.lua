print('ll_lua begins')
while true do end
