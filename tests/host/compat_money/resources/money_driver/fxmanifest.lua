fx_version 'cerulean'
game 'common'
server_script 'driver.js'
dependency 'money'
