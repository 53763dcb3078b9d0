console.log('cycA loaded')
