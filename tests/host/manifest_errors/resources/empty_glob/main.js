console.log('empty_glob: main.js runs');
