// Every JS form of oxmysql's API: exports with callbacks, `_async` promises,
// and the promise a callback-less call returns. Runs after db_lua.
const db = exports.oxmysql;
const cb = (fn, ...args) => new Promise((resolve) => fn(...args, resolve));

on('db:luaDone', async () => {
  await db.query_async('DROP TABLE IF EXISTS js_players');
  await db.query('CREATE TABLE js_players (id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32), money BIGINT, admin BOOLEAN, seen DATETIME)');
  console.log('insert cb', await cb(db.insert, 'INSERT INTO js_players (name, money, admin, seen) VALUES (?, ?, ?, ?)', ['ann', 100, true, '2023-12-31 23:59:59']));
  console.log('insert_async', await db.insert_async('INSERT INTO js_players (name, money, admin) VALUES (:name, :money, :admin)', { name: 'ben', money: 2n ** 62n + 1n, admin: false }));
  console.log('insert promise', await db.insert('INSERT INTO js_players (name, money) VALUES (@name, @money)', { name: 'cid', money: -7 }));
  const rows = await db.query_async('SELECT * FROM js_players ORDER BY id');
  console.log('query rows', rows.length, JSON.stringify(rows[0]));
  console.log('types', typeof rows[0].money, typeof rows[1].money, rows[1].money === 2n ** 62n + 1n, rows[2].admin, rows[0].seen === new Date(2023, 11, 31, 23, 59, 59).getTime());
  console.log('query cb', (await cb(db.query, 'SELECT name FROM js_players WHERE id = ?', [2]))[0].name);
  console.log('single cb', JSON.stringify(await cb(db.single, 'SELECT name, money FROM js_players WHERE id = ?', [1])));
  console.log('single_async none', await db.single_async('SELECT name FROM js_players WHERE id = ?', [42]));
  console.log('scalar cb', await cb(db.scalar, 'SELECT COUNT(*) FROM js_players', []));
  console.log('scalar_async', await db.scalar_async('SELECT name FROM js_players WHERE money < ?', [0]));
  console.log('update cb', await cb(db.update, 'UPDATE js_players SET money = money + ? WHERE money < ?', [1, 1000]));
  console.log('update_async', await db.update_async('UPDATE js_players SET admin = ? WHERE id = ?', [true, 3]));
  console.log('prepare cb', await cb(db.prepare, 'SELECT name FROM js_players WHERE id = ?', [1]));
  console.log('prepare_async sets', JSON.stringify(await db.prepare_async('SELECT name FROM js_players WHERE id = ?', [[1], [3]])));
  console.log('rawExecute cb', JSON.stringify(await cb(db.rawExecute, 'SELECT id FROM js_players WHERE id = ?', [1])));
  console.log('rawExecute_async', JSON.stringify(await db.rawExecute_async('UPDATE js_players SET seen = NULL WHERE id = ?', [1])));
  console.log('transaction cb', await cb(db.transaction, [{ query: 'INSERT INTO js_players (name) VALUES (?)', values: ['dee'] }]));
  console.log('transaction_async fails', await db.transaction_async(['INSERT INTO js_players (name) VALUES (\'eve\')', 'INSERT INTO nope VALUES (1)']));
  console.log('execute alias', (await db.execute_async('SELECT COUNT(*) AS n FROM js_players'))[0].n);
  console.log('fetch alias', (await cb(db.fetch, 'SELECT name FROM js_players WHERE id = ?', [4]))[0].name);
  console.log('isReady', db.isReady(), await db.awaitConnection());
  try {
    await db.query_async('SELECT nope FROM js_players');
  } catch (e) {
    console.log('error caught', e instanceof Error, e.message.includes('nope'));
    console.log('error message', e.message);
  }
  try {
    await db.scalar_async('SELECT ?', [{ a: 1 }]);
  } catch (e) {
    console.log('bad parameter', e.message);
  }
  emit('db:jsDone');
});
