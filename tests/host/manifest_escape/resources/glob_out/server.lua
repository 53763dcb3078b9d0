print('glob_out runs')
