onNet('net:hello', (x) => console.log('js net handler: source', source, typeof source, x));
