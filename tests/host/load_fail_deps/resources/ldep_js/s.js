console.log('ldep_js s.js loading');
RegisterCommand('jdep_cmd', () => console.log('jdep_cmd runs'), false);
on('lf:ping', () => console.log('ldep_js handler runs'));
on('onResourceStart', (n) => { if (n === GetCurrentResourceName()) console.log('ldep_js onResourceStart'); });
exports('val', () => 2);
setTimeout(() => console.log('ldep_js timer runs'), 10);
null.boom;
