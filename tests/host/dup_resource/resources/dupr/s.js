console.log('the one at the top');
