exports('run', (cb) => { cb(); return 'b returned'; });
on('async:boom', async () => { await null; throw new Error('async handler failed'); });
