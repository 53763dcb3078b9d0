-- @oxmysql/lib/MySQL.lua: oxmysql's Lua API, for resources that list this
-- file as a server_script. Written by weft from oxmysql's documented API on
-- weft's database natives (src/api/db.c); the query runs off the loop
-- thread and the result comes back through a promise.
--   MySQL.<kind>(query, params?, cb?)    cb(result) later; errors are logged
--   MySQL.<kind>.await(query, params?)   the result, in a thread (an error
--                                        raises with the database's message,
--                                        at the line that called .await, as
--                                        FiveM's Citizen.Await error(e, 2)
--                                        under oxmysql's tail calls names it)
--   kinds: query single scalar insert update prepare rawExecute transaction
--   MySQL.ready(cb), MySQL.Async.* and MySQL.Sync.* (mysql-async's names)
local execute = WeftDbExecute
local await = Citizen.Await

local function report(err)
    print(('[oxmysql] %s'):format(tostring(err)))
end

local function method(kind)
    return setmetatable({
        await = function(query, params)
            local ok, result = pcall(await, execute(kind, query, params))
            if ok then return result end
            error(result, 2)
        end,
    }, {
        __call = function(_, query, params, cb)
            if type(params) == 'function' then
                cb, params = params, nil
            end
            execute(kind, query, params):next(function(result)
                if cb then cb(result) end
            end, report)
        end,
    })
end

MySQL = MySQL or {}
for _, kind in ipairs({ 'query', 'single', 'scalar', 'insert', 'update', 'prepare', 'rawExecute',
    'transaction' }) do
    MySQL[kind] = method(kind)
end

function MySQL.ready(cb)
    Citizen.CreateThread(function()
        local ok, err = pcall(await, WeftDbReady())
        if ok then cb() else report(err) end
    end)
end

function MySQL.isReady()
    return WeftDbIsReady()
end

-- mysql-async's names: Async takes a callback, Sync returns the result.
local names = { fetchAll = 'query', fetchScalar = 'scalar', fetchSingle = 'single', insert = 'insert',
    execute = 'update', transaction = 'transaction', prepare = 'prepare' }
MySQL.Async, MySQL.Sync = {}, {}
for name, kind in pairs(names) do
    MySQL.Async[name] = MySQL[kind]
    MySQL.Sync[name] = MySQL[kind].await
end
