const show = (...a) => console.log(a.map((v) => JSON.stringify(v)).join(' '));
const c1 = AddStateBagChangeHandler('weather', null, (bag, key, value, reserved, replicated) => {
  show('js handler 1', bag, key, value, reserved, replicated, 'stored now:', GlobalState[key]);
});
AddStateBagChangeHandler(null, 'global', (bag, key, value) => {
  if (key === 'weather') throw new Error('handler 2 exploded');
});
on('sb:step2', () => {
  RemoveStateBagChangeHandler(c1);
  GlobalState.weather = 'snow';
  show('after removal', GlobalState.weather);
  ExecuteCommand('quit');
});
GlobalState.weather = 'rain';
show('read at once', GlobalState.weather, GetStateBagValue('global', 'weather'));
GlobalState.set('config', { limits: [1, 2, 3], open: true }, true);
show('object', GlobalState.config, 'has', 'config' in GlobalState, StateBagHasKey('global', 'nope'));
show('keys', Object.keys(GlobalState).sort());
try {
  GlobalState.big = 'x'.repeat(100);
} catch (e) {
  show('refused', e.message);
}
try {
  GlobalState.money = 100;
} catch (e) {
  show('refused', e.message);
}
GlobalState.config = null;
show('deleted', GlobalState.config, StateBagHasKey('global', 'config'));
show('no such player', Player(42).state.job, SetStateBagValue('player:42', 'job', 'x', true),
  SetStateBagValue('entity:1', 'k', 1, false));
