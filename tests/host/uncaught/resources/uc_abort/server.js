RegisterCommand('uc_abort', () => { process.abort(); console.log('after process.abort must not print'); }, false);
