const provider = exports.rs_provider; // held across the restart: never stale
let restarted = false;
on('onResourceStart', (name) => {
  if (name === GetCurrentResourceName()) {
    console.log(provider.version());
    ExecuteCommand('set rs_gen 2');
    ExecuteCommand('restart rs_provider');
  } else if (name === 'rs_provider' && !restarted) {
    restarted = true;
    console.log(provider.version());
    console.log(exports.rs_provider.version());
    ExecuteCommand('quit');
  }
});
