print('luser loaded')
