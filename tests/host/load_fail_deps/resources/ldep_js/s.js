RegisterCommand('jdep_cmd', () => console.log('jdep_cmd runs'), false);
on('lf:ping', () => console.log('ldep_js handler runs'));
exports('val', () => 2);
setTimeout(() => console.log('ldep_js timer runs'), 10);
null.boom;
