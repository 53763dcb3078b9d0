const before = process.cwd();
try {
  process.chdir('/');
  console.log('chdir allowed');
} catch (e) {
  console.log(e.name, e.code, e.message);
}
console.log('cwd unchanged:', process.cwd() === before);
ExecuteCommand('quit');
