print('free up')
