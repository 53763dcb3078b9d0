print('files_out runs')
