// After `kids` stops, its child must be gone: no /proc entry (killed and
// reaped), never a zombie.
const fs = require('fs');
on('kids:child', (pid) => {
  let tries = 0;
  const check = () => {
    let state;
    try {
      state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
    } catch {
      state = 'gone';
    }
    if (state === 'gone' || ++tries > 100) {
      console.log('child of kids after stop:', state);
      ExecuteCommand('quit');
    } else {
      setTimeout(check, 50);
    }
  };
  setTimeout(check, 50);
});
