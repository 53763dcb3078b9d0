// plays two joining players, then pays them
ExecuteCommand('emitnet 1 player-data:joined [["license:aaa","discord:1"]]');
ExecuteCommand('emitnet 2 player-data:joined [["license:bbb"]]');
ExecuteCommand('emitnet 3 player-data:joined [["discord:1"]]');
const money = exports.money;
console.log('add 25.5 cash to 1:', JSON.stringify(money.addMoney(1, 'cash', 25.5)));
console.log('add 10 bank to 2:', JSON.stringify(money.addMoney(2, 'bank', 10)));
console.log('remove 100 cash from 1:', JSON.stringify(money.removeMoney(1, 'cash', 100)));
console.log('remove 5.25 cash from 3 (same id as 1):', JSON.stringify(money.removeMoney(3, 'cash', 5.25)));
console.log('bad type:', money.addMoney(1, 'gold', 1));
console.log('cash of 1:', money.getMoney(1, 'cash'), 'bank of 2:', money.getMoney(2, 'bank'));
console.log('id by identifier:', exports['cfx.re/playerData.v1alpha1'].getPlayerIdFromIdentifier('license:bbb'));
ExecuteCommand('quit');
