console.log('good runs');
setTimeout(() => {
  for (const r of ['glob_out', 'at_out', 'at_dotdot', 'dots', 'files_out'])
    console.log(r + ': ' + GetResourceState(r));
  ExecuteCommand('quit');
}, 50);
