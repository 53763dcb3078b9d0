// warn mode with an Error reason: the first warning message is the error's
// stack (print only its first line).
process.on('warning', (w) => console.log(w.name, '|', w.message.split('\n')[0]));
Promise.reject(new Error('with stack'));
