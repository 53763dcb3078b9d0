-- A framework in miniature (the shape of esx/qb-core's player and inventory
-- code), using only oxmysql's documented API.
Players = {}

function Players.setup()
    MySQL.query.await('DROP TABLE IF EXISTS fw_inventory')
    MySQL.query.await('DROP TABLE IF EXISTS fw_players')
    MySQL.query.await([[CREATE TABLE fw_players (
        id INTEGER PRIMARY KEY AUTO_INCREMENT,
        identifier VARCHAR(60) NOT NULL UNIQUE,
        name VARCHAR(50) NOT NULL,
        cash INT NOT NULL DEFAULT 0,
        bank INT NOT NULL DEFAULT 0,
        is_dead TINYINT(1) NOT NULL DEFAULT 0,
        last_seen DATETIME NULL)]])
    MySQL.query.await([[CREATE TABLE fw_inventory (
        owner VARCHAR(60) NOT NULL,
        item VARCHAR(50) NOT NULL,
        count INT NOT NULL,
        PRIMARY KEY (owner, item))]])
end

function Players.load(identifier, name)
    local row = MySQL.single.await('SELECT * FROM fw_players WHERE identifier = ?', { identifier })
    if not row then
        MySQL.insert.await('INSERT INTO fw_players (identifier, name, cash, bank) VALUES (?, ?, ?, ?)',
            { identifier, name, 500, 2500 })
        row = MySQL.single.await('SELECT * FROM fw_players WHERE identifier = ?', { identifier })
    end
    return row
end

function Players.addItem(identifier, item, count)
    local have = MySQL.scalar.await('SELECT count FROM fw_inventory WHERE owner = ? AND item = ?', { identifier, item })
    if have then
        return MySQL.update.await('UPDATE fw_inventory SET count = count + ? WHERE owner = ? AND item = ?',
            { count, identifier, item })
    end
    return MySQL.insert.await('INSERT INTO fw_inventory (owner, item, count) VALUES (?, ?, ?)', { identifier, item, count })
end

function Players.inventory(identifier)
    local items = {}
    for _, r in ipairs(MySQL.query.await('SELECT item, count FROM fw_inventory WHERE owner = ? ORDER BY item', { identifier })) do
        items[#items + 1] = r.item .. ' x' .. r.count
    end
    return table.concat(items, ', ')
end

-- Buy: money and item move together, or not at all.
function Players.buy(identifier, item, price)
    return MySQL.transaction.await({
        { query = 'UPDATE fw_players SET cash = cash - :price WHERE identifier = :id AND cash >= :price', values = { price = price, id = identifier } },
        { query = 'INSERT INTO fw_inventory (owner, item, count) VALUES (:id, :item, 1)', values = { id = identifier, item = item } },
    })
end

function Players.transferCash(from, to, amount)
    return MySQL.transaction.await({
        'UPDATE fw_players SET cash = cash - @amount WHERE identifier = @from',
        'UPDATE fw_players SET cash = cash + @amount WHERE identifier = @to',
    }, { ['@amount'] = amount, ['@from'] = from, ['@to'] = to })
end
