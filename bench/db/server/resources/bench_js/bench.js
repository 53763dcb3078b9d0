// JS side of make bench-db: the same cases through exports.oxmysql's
// promise forms. Prints BENCHDB {...} lines, then quits the server.
const clock = () => Number(WeftTestClock());
const SELECT = 'SELECT id, name, value FROM bench WHERE id = ?';
const INSERT = 'INSERT INTO bench_ins (name, value) VALUES (?, ?)';
const db = exports.oxmysql;

function report(c, mode, samples, ops, ns) {
  const o = { lang: 'js', case: c, mode, ops, ns };
  if (samples) {
    samples.sort((a, b) => a - b);
    o.p50 = samples[Math.max(0, Math.floor(samples.length * 0.5) - 1)];
    o.p99 = samples[Math.max(0, Math.floor(samples.length * 0.99) - 1)];
  }
  console.log('BENCHDB ' + JSON.stringify(o));
}

async function sequential(c, fn, n, params) {
  const samples = [];
  const t0 = clock();
  for (let i = 1; i <= n; i++) {
    const t = clock();
    await fn(c === 'select' ? SELECT : INSERT, params(i));
    samples.push(clock() - t);
  }
  report(c, 'sequential', samples, n, clock() - t0);
}

async function inflight(c, fn, total, width, params) {
  let started = 0;
  const t0 = clock();
  async function lane() {
    while (started < total) await fn(c === 'select' ? SELECT : INSERT, params(++started));
  }
  await Promise.all(Array.from({ length: width }, lane));
  report(c, 'inflight', null, total, clock() - t0);
}

on('bench:js', async (n, total, insN, insTotal) => {
  const sel = (i) => [(i % 1000) + 1];
  const ins = (i) => ['js', i];
  await sequential('select', db.single_async, 200, sel); // warm-up (not reported below)
  await sequential('select', db.single_async, n, sel);
  await inflight('select', db.single_async, total, 100, sel);
  await sequential('insert', db.insert_async, insN, ins);
  await inflight('insert', db.insert_async, insTotal, 100, ins);
  ExecuteCommand('quit');
});
