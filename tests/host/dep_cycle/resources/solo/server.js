console.log('solo loaded')
