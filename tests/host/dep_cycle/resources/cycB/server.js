console.log('cycB loaded')
