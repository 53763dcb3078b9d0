print('dots sub runs')
