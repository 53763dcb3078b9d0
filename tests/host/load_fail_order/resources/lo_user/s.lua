print('lo_user loaded')
