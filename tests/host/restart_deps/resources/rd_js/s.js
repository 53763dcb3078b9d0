console.log('js user up');
