// bank: keeps balances. getBalance is a sync export; deposit is async (it
// "writes to a database": an immediate stands in for the I/O).
const balances = new Map();
exports('getBalance', (player) => balances.get(player) || 0);
exports('deposit', async (player, amount) => {
  await new Promise((resolve) => setImmediate(resolve));
  const total = (balances.get(player) || 0) + amount;
  balances.set(player, total);
  return total;
});
// Calls the caller's callback from bank's own event loop.
exports('audit', (player, cb) => { setImmediate(() => cb(player, balances.get(player) || 0)); });
on('bank:ping', (id) => setImmediate(() => emit('bank:pong', id)));
