console.log('target loading, invoked by', GetInvokingResource());
on('onResourceStop', (name) => { if (name === 'rc_target') console.log('target stopping'); });
