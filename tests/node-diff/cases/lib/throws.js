console.log('throws.js running');
throw new Error('module body failed');
