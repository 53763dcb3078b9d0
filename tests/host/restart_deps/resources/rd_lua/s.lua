print('lua user up')
