-- Every Lua form of oxmysql's API, in order; then hands over to db_js.
local function show(label, v)
    if type(v) == 'table' then
        local keys = {}
        for k in pairs(v) do keys[#keys + 1] = tostring(k) end
        table.sort(keys)
        local parts = {}
        for _, k in ipairs(keys) do
            local x = v[k] ~= nil and v[k] or v[tonumber(k)]
            parts[#parts + 1] = k .. '=' .. (type(x) == 'table' and '{...}' or tostring(x))
        end
        print(label, '{' .. table.concat(parts, ', ') .. '}')
    else
        print(label, type(v), v)
    end
end

MySQL.ready(function()
    print('ready', MySQL.isReady())
    MySQL.query.await('DROP TABLE IF EXISTS lua_items')
    MySQL.query.await([[CREATE TABLE lua_items (id INTEGER PRIMARY KEY AUTO_INCREMENT,
        name VARCHAR(64) NOT NULL, amount BIGINT, price DOUBLE, active BOOLEAN, note TEXT,
        created DATETIME)]])
    -- insert: ? placeholders, named :name and @name
    show('insert ?', MySQL.insert.await('INSERT INTO lua_items (name, amount, price, active, created) VALUES (?, ?, ?, ?, ?)',
        { 'apple', 3, 1.5, true, '2024-05-06 07:08:09' }))
    show('insert :name', MySQL.insert.await('INSERT INTO lua_items (name, amount, active) VALUES (:name, :amount, :active)',
        { name = 'pear', amount = 9007199254740993, active = false }))
    show('insert @name', MySQL.insert.await('INSERT INTO lua_items (name, amount) VALUES (@name, @amount)',
        { ['@name'] = "o'neil; DROP TABLE lua_items --", ['@amount'] = -42 }))
    -- query / single / scalar
    local rows = MySQL.query.await('SELECT id, name, amount, price, active, note, created FROM lua_items ORDER BY id')
    print('query rows', #rows)
    show('row 1', rows[1])
    print('row 1 types', math.type(rows[1].amount), math.type(rows[1].price), type(rows[1].active), rows[1].note == nil)
    print('big integer exact', rows[2].amount, math.type(rows[2].amount))
    print('escaped name', rows[3].name)
    show('single', MySQL.single.await('SELECT name, amount FROM lua_items WHERE id = ?', { 2 }))
    show('single none', MySQL.single.await('SELECT name FROM lua_items WHERE id = ?', { 99 }))
    show('scalar', MySQL.scalar.await('SELECT COUNT(*) FROM lua_items'))
    show('scalar none', MySQL.scalar.await('SELECT name FROM lua_items WHERE id = ?', { 99 }))
    show('update', MySQL.update.await('UPDATE lua_items SET note = ? WHERE amount > ?', { 'big', 0 }))
    show('query (not a select)', MySQL.query.await('UPDATE lua_items SET price = 2 WHERE id = ?', { 1 }))
    -- prepare: one set, several sets; raw values
    show('prepare scalar', MySQL.prepare.await('SELECT name FROM lua_items WHERE id = ?', { 1 }))
    show('prepare row', MySQL.prepare.await('SELECT id, name FROM lua_items WHERE id = ?', { 1 }))
    local many = MySQL.prepare.await('SELECT name FROM lua_items WHERE id = ?', { { 1 }, { 2 } })
    print('prepare sets', #many, many[1], many[2])
    show('prepare raw boolean', MySQL.prepare.await('SELECT active FROM lua_items WHERE id = ?', { 1 }))
    -- rawExecute: always rows for a select; the header otherwise
    local raw = MySQL.rawExecute.await('SELECT name FROM lua_items WHERE id = ?', { 1 })
    print('rawExecute rows', #raw, raw[1].name)
    show('rawExecute header', MySQL.rawExecute.await('UPDATE lua_items SET note = NULL WHERE id = ?', { 3 }))
    -- transaction: all or nothing
    print('transaction ok', MySQL.transaction.await({
        { query = 'INSERT INTO lua_items (name) VALUES (?)', values = { 'tx1' } },
        { 'INSERT INTO lua_items (name) VALUES (?)', { 'tx2' } },
    }))
    print('transaction shared params', MySQL.transaction.await({
        'INSERT INTO lua_items (name, amount) VALUES (:n, 1)',
        'UPDATE lua_items SET amount = amount + 1 WHERE name = :n',
    }, { n = 'tx3' }))
    print('transaction failing', MySQL.transaction.await({
        'INSERT INTO lua_items (name) VALUES (\'never\')',
        'INSERT INTO lua_items (no_such_column) VALUES (1)',
    }))
    print('after transactions', MySQL.scalar.await('SELECT COUNT(*) FROM lua_items'),
        MySQL.scalar.await('SELECT COUNT(*) FROM lua_items WHERE name = ?', { 'never' }),
        MySQL.scalar.await('SELECT amount FROM lua_items WHERE name = ?', { 'tx3' }))
    -- errors carry the database's message and are catchable
    local ok, err = pcall(MySQL.query.await, 'SELECT * FROM no_such_table')
    print('error caught', ok, err ~= nil and err:find('no_such_table', 1, true) ~= nil)
    print('error message', err)
    ok, err = pcall(MySQL.insert.await, 'INSERT INTO lua_items (name) VALUES (?)', { { nested = true } })
    print('bad parameter', ok, err)
    -- raised at the line that called .await, as FiveM (Citizen.Await's
    -- error(e, 2) under oxmysql's tail calls); under a bare pcall, none
    ok, err = pcall(function() local r = MySQL.query.await('SELECT nosuchcol FROM lua_items') return r end)
    print('caller named', ok, err)
    -- callbacks, then mysql-async's names, then the exports
    local p = promise.new()
    MySQL.query('SELECT name FROM lua_items WHERE id = ?', { 1 }, function(r) p:resolve(r[1].name) end)
    print('callback query', Citizen.Await(p))
    p = promise.new()
    MySQL.scalar('SELECT COUNT(*) FROM lua_items', function(n) p:resolve(n) end)
    print('callback without params', Citizen.Await(p))
    for _, kind in ipairs({ 'single', 'insert', 'update', 'prepare', 'rawExecute', 'transaction' }) do
        local q = promise.new()
        if kind == 'transaction' then
            MySQL.transaction({ 'UPDATE lua_items SET note = NULL WHERE id = 1' }, function(r) q:resolve(r) end)
        elseif kind == 'insert' then
            MySQL.insert('INSERT INTO lua_items (name) VALUES (?)', { 'cb' }, function(r) q:resolve(r) end)
        elseif kind == 'update' then
            MySQL.update('UPDATE lua_items SET note = ? WHERE name = ?', { 'x', 'cb' }, function(r) q:resolve(r) end)
        else
            MySQL[kind]('SELECT name FROM lua_items WHERE id = ?', { 1 }, function(r) q:resolve(r) end)
        end
        local r = Citizen.Await(q)
        print('callback ' .. kind, type(r) == 'table' and (r.name or (r[1] and r[1].name)) or r)
    end
    p = promise.new()
    MySQL.Async.fetchAll('SELECT name FROM lua_items WHERE id = @id', { ['@id'] = 2 }, function(r) p:resolve(r[1].name) end)
    print('Async.fetchAll', Citizen.Await(p))
    p = promise.new()
    MySQL.Async.execute('UPDATE lua_items SET note = @n WHERE id = @id', { ['@n'] = 'async', ['@id'] = 2 }, function(r) p:resolve(r) end)
    print('Async.execute', Citizen.Await(p))
    print('Sync.fetchScalar', MySQL.Sync.fetchScalar('SELECT note FROM lua_items WHERE id = @id', { ['@id'] = 2 }))
    print('Sync.fetchSingle', MySQL.Sync.fetchSingle('SELECT name FROM lua_items WHERE id = 1').name)
    print('Sync.insert', MySQL.Sync.insert('INSERT INTO lua_items (name) VALUES (@n)', { ['@n'] = 'sync' }))
    print('Sync.fetchAll', #MySQL.Sync.fetchAll('SELECT id FROM lua_items'))
    print('Sync.transaction', MySQL.Sync.transaction({ 'UPDATE lua_items SET note = NULL' }))
    print('Sync.prepare', MySQL.Sync.prepare('SELECT name FROM lua_items WHERE id = ?', { 2 }))
    print('exports query_async', exports.oxmysql:query_async('SELECT name FROM lua_items WHERE id = ?', { 1 })[1].name)
    print('exports scalar_async', exports.oxmysql:scalar_async('SELECT COUNT(*) FROM lua_items'))
    p = promise.new()
    exports.oxmysql:single('SELECT name FROM lua_items WHERE id = ?', { 2 }, function(r) p:resolve(r.name) end)
    print('exports single callback', Citizen.Await(p))
    TriggerEvent('db:luaDone')
end)
