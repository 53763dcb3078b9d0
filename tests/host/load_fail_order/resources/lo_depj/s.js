console.log('lo_depj loading');
RegisterCommand('lo_depjcmd', () => console.log('lo_depjcmd runs'), false);
throw new Error('lo_depj fails');
