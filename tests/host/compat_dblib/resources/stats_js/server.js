on('shop:done', async () => {
  const rows = await new Promise((resolve, reject) =>
    exports.dblib.query('SELECT * FROM items WHERE price = ?', [5], (r, err) => (err ? reject(err) : resolve(r))));
  console.log('js: callback export', rows.length, rows[0].name);
  console.log('js: waiting export, several results', JSON.stringify(await exports.dblib.queryWait('SELECT COUNT(*) FROM items')));
  exports.legacydb.execute('SELECT COUNT(*) FROM items', [], (r) => {
    console.log('js: legacy name', r[0]['COUNT(*)']);
    ExecuteCommand('quit');
  });
});
