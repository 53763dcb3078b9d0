Citizen.CreateThread(function()
    local ok, err = pcall(MySQL.scalar.await,
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c')
    print('runaway query', ok, err)
    print('next query', MySQL.scalar.await('SELECT 6 * 7'))
    ExecuteCommand('quit')
end)
