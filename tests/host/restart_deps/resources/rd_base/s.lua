print('base up')
