GlobalState.money = 1000;
console.log('bank wrote money', GlobalState.money);
SetStateBagWritePolicy('global', 'rate', ['sb_bank']);
GlobalState.rate = 3;
try {
  SetStateBagWritePolicy('global', 'money', []);
  console.log('bank lifted the money policy (it is listed)');
} catch (e) {
  console.log('unexpected', e.message);
}
setTimeout(() => emit('sb:step2'), 10);
