on('db:luaDone', async () => {
  try {
    await exports.oxmysql.query_async('SELECT 3');
  } catch (e) {
    console.log('js error', e.message);
  }
  console.log('server still running:', GetResourceState('oxmysql'));
  ExecuteCommand('quit');
});
