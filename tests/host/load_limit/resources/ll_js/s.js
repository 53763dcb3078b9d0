console.log('ll_js begins');
while (true) {}
