print('ll_dep must not load')
