print('SECRET: code from outside the resources ran')
