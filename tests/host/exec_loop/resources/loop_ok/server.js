console.log('loop_ok starts');
