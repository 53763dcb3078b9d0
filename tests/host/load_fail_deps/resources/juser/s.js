console.log('juser loaded');
