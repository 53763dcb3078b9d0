print('dots runs')
