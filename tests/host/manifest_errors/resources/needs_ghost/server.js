console.log('should not run');
