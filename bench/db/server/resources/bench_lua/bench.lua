-- Lua side of make bench-db: a point select and an insert, awaited one at a
-- time (latency) and with 100 in flight (throughput), through MySQL.lua.
-- Prints BENCHDB {...} lines; then hands over to bench_js.
local clock = WeftTestClock
local SELECT = 'SELECT id, name, value FROM bench WHERE id = ?'
local INSERT = 'INSERT INTO bench_ins (name, value) VALUES (?, ?)'

local function report(lang, case, mode, samples, ops, ns)
    local o = { lang = lang, case = case, mode = mode, ops = ops, ns = ns }
    if samples then
        table.sort(samples)
        o.p50 = samples[math.max(1, math.floor(#samples * 0.5))]
        o.p99 = samples[math.max(1, math.floor(#samples * 0.99))]
    end
    print('BENCHDB ' .. json.encode(o))
end

local function sequential(case, kind, sql, n, params)
    local samples = {}
    local t0 = clock()
    for i = 1, n do
        local t = clock()
        MySQL[kind].await(sql, params(i))
        samples[i] = clock() - t
    end
    report('lua', case, 'sequential', samples, n, clock() - t0)
end

local function inflight(case, kind, sql, total, width, params)
    local p = promise.new()
    local started, done = 0, 0
    local t0 = clock()
    local function launch()
        started = started + 1
        MySQL[kind](sql, params(started), function()
            done = done + 1
            if started < total then launch() elseif done == total then p:resolve(true) end
        end)
    end
    for _ = 1, width do launch() end
    Citizen.Await(p)
    report('lua', case, 'inflight', nil, total, clock() - t0)
end

-- SQLite: the tables are made here (for MariaDB bench/db/run.mjs makes them,
-- the same for weft and for Node).
local function setup()
    MySQL.query.await('DROP TABLE IF EXISTS bench')
    MySQL.query.await('DROP TABLE IF EXISTS bench_ins')
    MySQL.query.await('CREATE TABLE bench (id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32), value INT)')
    MySQL.query.await('CREATE TABLE bench_ins (id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32), value INT)')
    local rows = {}
    for i = 1, 1000 do rows[i] = { 'row' .. i, i } end
    MySQL.transaction.await({ 'DELETE FROM bench' })
    MySQL.prepare.await('INSERT INTO bench (name, value) VALUES (?, ?)', rows)
end

AddEventHandler('bench:start', function(n, total, ins_n, ins_total)
    if GetConvarInt('bench_setup', 0) == 1 then setup() end
    local sel = function(i) return { (i % 1000) + 1 } end
    local ins = function(i) return { 'lua', i } end
    sequential('select', 'single', SELECT, 200, sel) -- warm-up
    sequential('select', 'single', SELECT, n, sel)
    inflight('select', 'single', SELECT, total, 100, sel)
    sequential('insert', 'insert', INSERT, ins_n, ins)
    inflight('insert', 'insert', INSERT, ins_total, 100, ins)
    TriggerEvent('bench:js', n, total, ins_n, ins_total)
end)
