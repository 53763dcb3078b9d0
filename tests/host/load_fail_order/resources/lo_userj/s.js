console.log('lo_userj loaded');
