console.log('good started');
