-- weft's built-in oxmysql: oxmysql's API (exports and lib/MySQL.lua) on the
-- database natives of src/api/db.c: SQLite by default, MariaDB/MySQL when
-- mysql_connection_string is set. Written by weft from oxmysql's documented
-- API; it shares no code with oxmysql.
fx_version 'cerulean'
game 'common'
name 'oxmysql'
description "weft's built-in oxmysql"
server_script 'server.js'
provide 'mysql-async'
provide 'ghmattimysql'
