on('money:updated', ({ dbId, source, moneyType, money }) => {
  console.log(`hud: player ${source} (id ${dbId}) ${moneyType} = ${money.toFixed(2)}`);
});
