// shop: an async event handler that awaits another resource's async export,
// then answers with an event.
const prices = { apple: 3, sword: 120 };
on('shop:buy', async (player, item) => {
  const price = prices[item];
  if (price === undefined) { emit('shop:result', player, item, 'no such item'); return; }
  const total = await exports.bank.deposit(player, -price);
  emit('shop:result', player, item, `ok, balance ${total}`);
});
