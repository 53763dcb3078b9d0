console.log('ok runs; cfg_a =', GetConvar('cfg_a', '-'), 'cfg_b =', GetConvar('cfg_b', '-'), 'cfg_c =', GetConvar('cfg_c', '-')); ExecuteCommand('quit');
