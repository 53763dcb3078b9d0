fx_version 'cerulean'
game 'common'
