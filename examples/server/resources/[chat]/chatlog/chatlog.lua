-- chatlog: stores what chatroom (JS) relays in the database with oxmysql's
-- API, and sends the last messages to each player who joins
-- (TriggerClientEvent chat:history). Deferrals: a player named "server"
-- is refused while connecting.
local ready = false
MySQL.ready(function()
    MySQL.query.await([[CREATE TABLE IF NOT EXISTS chat (
        id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(64), text VARCHAR(200),
        said_at DATETIME DEFAULT CURRENT_TIMESTAMP)]])
    ready = true
end)

AddEventHandler('playerConnecting', function(name, setKickReason, deferrals)
    deferrals.defer()
    deferrals.update(('Hello %s, checking your name...'):format(name))
    if name:lower() == 'server' then
        deferrals.done('that name is taken')
    else
        deferrals.done()
    end
end)

AddEventHandler('chatroom:said', function(name, text)
    if ready then MySQL.insert.await('INSERT INTO chat (name, text) VALUES (?, ?)', { name, text }) end
end)

AddEventHandler('playerJoining', function()
    local src = source
    if not ready then return end
    local rows = MySQL.query.await('SELECT name, text FROM (SELECT id, name, text FROM chat ORDER BY id DESC LIMIT 20) AS recent ORDER BY id')
    TriggerClientEvent('chat:history', src, rows)
end)
