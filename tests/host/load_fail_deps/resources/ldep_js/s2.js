console.log('ldep_js s2.js loaded');
