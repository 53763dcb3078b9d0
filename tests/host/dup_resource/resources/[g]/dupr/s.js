console.log('the one in [g]');
