-- ledger: records every sale of shop in the database with oxmysql's API:
-- SQLite (weft.sqlite3 in the server folder) by default, MariaDB/MySQL when
-- server.cfg sets mysql_connection_string. Queries run off the loop thread.
MySQL.ready(function()
    MySQL.query.await([[CREATE TABLE IF NOT EXISTS ledger (
        id INTEGER PRIMARY KEY AUTO_INCREMENT, player VARCHAR(64), item VARCHAR(64),
        result VARCHAR(64), sold_at DATETIME DEFAULT CURRENT_TIMESTAMP)]])
    print(('ledger: %d sales in the database so far'):format(MySQL.scalar.await('SELECT COUNT(*) FROM ledger')))
end)

AddEventHandler('shop:result', function(player, item, result)
    local id = MySQL.insert.await('INSERT INTO ledger (player, item, result) VALUES (?, ?, ?)',
        { player, item, tostring(result) })
    print(('ledger: sale #%d recorded (%s, %s: %s)'):format(id, player, item, tostring(result)))
end)
