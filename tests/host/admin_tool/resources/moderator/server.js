// Uses the tool through its exports and through commands.
const tool = exports.admintool;
const run = GetResourceKvpInt('run') + 1;
SetResourceKvpInt('run', run);
if (run === 1) {
  tool.ban('license:bbb', 'license:zzz', 'mod tries a ban'); // a mod: refused
  tool.ban('license:aaa', 'license:ccc', 'aimbot');           // an admin
  ExecuteCommand('ban license:ddd spamming chat');            // no ACE: refused
  ExecuteCommand('promote license:eee');                      // restricted: refused
  console.log('ccc banned?', tool.isBanned('license:ccc'), 'ddd?', tool.isBanned('license:ddd'));
} else {
  console.log('after restart: ccc banned?', tool.isBanned('license:ccc'),
    'fff?', tool.isBanned('license:fff'), 'zzz?', tool.isBanned('license:zzz'));
}
setTimeout(() => ExecuteCommand('quit'), 20);
