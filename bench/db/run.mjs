#!/usr/bin/env node
// bench/db/run.mjs: `make bench-db`. A point select and an insert, awaited
// one at a time (p50/p99 latency) and with 100 in flight (throughput), from
// Lua (MySQL.lua) and JS (exports.oxmysql) in weft on SQLite and on MariaDB,
// and in the same run Node 20 + npm's mysql2 (the stack oxmysql uses) against
// the same MariaDB server and the same tables, as the peer.
//
//   node bench/db/run.mjs [--build DIR] [--quick] [--no-write]
//
// MariaDB: $WEFT_TEST_MYSQL, else a throw-away server (scripts/mariadb-test.sh).
// mysql2 is installed with npm into bench/db/node_modules (not committed).
// Writes the table into bench/RESULTS.md between the bench-db markers.
import { spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const opts = { build: path.join(root, 'build'), quick: false, write: true };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--build') opts.build = process.argv[++i];
  else if (a === '--quick') opts.quick = true;
  else if (a === '--no-write') opts.write = false;
  else { console.error(`bench-db: unknown option ${a}`); process.exit(2); }
}
const WEFT = path.resolve(opts.build, 'weft');
if (!fs.existsSync(WEFT)) { console.error(`bench-db: ${WEFT} not found (make build)`); process.exit(1); }
const q = opts.quick ? 0.2 : 1;
const N = { n: Math.round(3000 * q), total: Math.round(30000 * q), insN: Math.round(1000 * q), insTotal: Math.round(10000 * q) };

// ---- mysql2 ----
if (!fs.existsSync(path.join(here, 'node_modules', 'mysql2'))) {
  console.log('bench-db: npm install mysql2 (into bench/db/node_modules)');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent'], { cwd: here, stdio: 'inherit' });
}
const mysql = createRequire(path.join(here, 'package.json'))('mysql2/promise');

// ---- MariaDB ----
let url = process.env.WEFT_TEST_MYSQL;
let dbdir = null;
if (!url) {
  dbdir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-mariadb-'));
  const r = spawnSync(path.join(root, 'scripts', 'mariadb-test.sh'), ['start', dbdir], { encoding: 'utf8' });
  url = r.stdout.trim().split('\n').pop();
  if (r.status !== 0) { console.log(`bench-db: ${url}: MariaDB rows skipped`); url = null; }
}
function stopDb() { if (dbdir) spawnSync(path.join(root, 'scripts', 'mariadb-test.sh'), ['stop', dbdir]); }
process.on('exit', stopDb);

async function setupMaria(pool) {
  await pool.query('DROP TABLE IF EXISTS bench');
  await pool.query('DROP TABLE IF EXISTS bench_ins');
  await pool.query('CREATE TABLE bench (id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32), value INT)');
  await pool.query('CREATE TABLE bench_ins (id INTEGER PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32), value INT)');
  const rows = Array.from({ length: 1000 }, (_, i) => [`row${i + 1}`, i + 1]);
  await pool.query('INSERT INTO bench (name, value) VALUES ?', [rows]);
}

// ---- weft ----
function runWeft(backend) {
  const args = ['serve', path.join(here, 'server')];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-sqlite-'));
  if (backend === 'mariadb') args.push('+set', 'mysql_connection_string', url);
  else args.push('+set', 'weft_sqlitePath', path.join(tmp, 'bench.sqlite3'), '+set', 'bench_setup', '1');
  args.push('+exec', 'bench.cfg', '+emit', 'bench:start', JSON.stringify([N.n, N.total, N.insN, N.insTotal]));
  const r = spawnSync(WEFT, args, { encoding: 'utf8', timeout: 600000, env: { ...process.env, NO_COLOR: '1' } });
  fs.rmSync(tmp, { recursive: true, force: true });
  const out = {};
  for (const line of (r.stdout || '').split('\n')) {
    const m = line.match(/BENCHDB (\{.*\})/);
    if (!m) continue;
    const o = JSON.parse(m[1]);
    out[`${o.lang}/${o.case}/${o.mode}`] = o; // the last one (after the warm-up)
  }
  if (!Object.keys(out).length) console.log(`bench-db: weft (${backend}) printed no results:\n${r.stdout}\n${r.stderr}`);
  return out;
}

// ---- Node + mysql2 ----
async function runNode(pool) {
  const out = {};
  const SELECT = 'SELECT id, name, value FROM bench WHERE id = ?';
  const INSERT = 'INSERT INTO bench_ins (name, value) VALUES (?, ?)';
  const ns = () => Number(process.hrtime.bigint());
  async function sequential(c, sql, n, params) {
    const samples = [];
    const t0 = ns();
    for (let i = 1; i <= n; i++) { const t = ns(); await pool.query(sql, params(i)); samples.push(ns() - t); }
    samples.sort((a, b) => a - b);
    out[`node/${c}/sequential`] = { ops: n, ns: ns() - t0, p50: samples[Math.floor(n * 0.5) - 1], p99: samples[Math.floor(n * 0.99) - 1] };
  }
  async function inflight(c, sql, total, params) {
    let started = 0;
    const t0 = ns();
    const lane = async () => { while (started < total) await pool.query(sql, params(++started)); };
    await Promise.all(Array.from({ length: 100 }, lane));
    out[`node/${c}/inflight`] = { ops: total, ns: ns() - t0 };
  }
  const sel = (i) => [(i % 1000) + 1];
  const ins = (i) => ['node', i];
  await sequential('select', SELECT, 200, sel);
  await sequential('select', SELECT, N.n, sel);
  await inflight('select', SELECT, N.total, sel);
  await sequential('insert', INSERT, N.insN, ins);
  await inflight('insert', INSERT, N.insTotal, ins);
  return out;
}

const us = (v) => (v / 1000 >= 1000 ? `${(v / 1e6).toFixed(2)} ms` : `${(v / 1000).toFixed(0)} us`);
const ops = (r) => `${Math.round(r.ops / (r.ns / 1e9)).toLocaleString('en-US')}/s`;

// Rounds alternate weft and Node on fresh tables (the server's background
// work after one side's inserts lands on both); each cell is the median over
// rounds of that round's figure.
const ROUNDS = opts.quick ? 1 : 3;
function median(list) {
  const out = {};
  for (const key of Object.keys(list[0] || {})) {
    const rs = list.map((r) => r[key]).filter(Boolean);
    const pick = (f) => { const v = rs.map((r) => r[f]).sort((a, b) => a - b); return v[Math.floor((v.length - 1) / 2)]; };
    out[key] = { ops: rs[0].ops, ns: pick('ns'), p50: pick('p50'), p99: pick('p99') };
  }
  return out;
}
const results = { sqlite: median(Array.from({ length: ROUNDS }, () => runWeft('sqlite'))) };
let node = null;
if (url) {
  const pool = mysql.createPool({ uri: url, connectionLimit: 8 });
  const weftRounds = [], nodeRounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    await setupMaria(pool);
    weftRounds.push(runWeft('mariadb'));
    await setupMaria(pool);
    nodeRounds.push(await runNode(pool));
  }
  results.mariadb = median(weftRounds);
  node = median(nodeRounds);
  await pool.end();
}

const rows = [];
const head = '| case | mode | weft Lua, SQLite | weft JS, SQLite | weft Lua, MariaDB | weft JS, MariaDB | Node 20 + mysql2, MariaDB | Lua / Node | JS / Node |';
rows.push(head, '| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const c of ['select', 'insert']) {
  for (const mode of ['sequential', 'inflight']) {
    const cell = (r) => !r ? '–' : mode === 'sequential' ? `p50 ${us(r.p50)}, p99 ${us(r.p99)}` : ops(r);
    const get = (b, lang) => results[b] && results[b][`${lang}/${c}/${mode}`];
    const nd = node && node[`node/${c}/${mode}`];
    const ratio = (lang) => {
      const w = get('mariadb', lang);
      if (!w || !nd) return '–';
      return mode === 'sequential' ? `latency ${(w.p50 / nd.p50).toFixed(2)}×` : `throughput ${((w.ops / w.ns) / (nd.ops / nd.ns)).toFixed(2)}×`;
    };
    rows.push(`| ${c === 'select' ? 'point select by primary key' : 'insert one row'} | ${mode === 'sequential' ? 'one at a time' : '100 in flight'} | ${cell(get('sqlite', 'lua'))} | ${cell(get('sqlite', 'js'))} | ${cell(get('mariadb', 'lua'))} | ${cell(get('mariadb', 'js'))} | ${cell(nd)} | ${ratio('lua')} | ${ratio('js')} |`);
  }
}
const cpus = os.cpus();
let rev = '?';
try { rev = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(); } catch {}
const meta = `**Machine:** ${cpus[0] ? cpus[0].model.trim() : '?'}, ${cpus.length} cores, ${os.platform()} ${os.release()}; node ${process.version}; weft ${rev}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average ${os.loadavg()[0].toFixed(1)}; samples: ${N.n} selects / ${N.insN} inserts one at a time, ${N.total} / ${N.insTotal} with 100 in flight, median of ${ROUNDS} rounds; MariaDB pool 8 connections on both sides.`;
const table = rows.join('\n');
console.log(meta + '\n\n' + table);
if (opts.write) {
  const file = path.join(root, 'bench', 'RESULTS.md');
  const begin = '<!-- bench-db: begin (written by make bench-db) -->', end = '<!-- bench-db: end -->';
  const section = `${begin}\n## Database (make bench-db)\n\nWritten by \`make bench-db\` (\`node bench/db/run.mjs\`): oxmysql's API in weft (Lua: \`MySQL.<kind>.await\` / callbacks; JS: \`exports.oxmysql.<kind>_async\`) against Node 20 + npm's mysql2 (\`pool.query\`), the same MariaDB server and tables, in one run. Latency: from the call to the continuation; throughput: the ops of the 100-in-flight run over its wall time. Ratios: weft / Node (latency: lower is better, target ≤ 1.2×; throughput: higher is better, target ≥ 1×). On a machine whose load average is above its core count , cells vary by up to 2× from run to run: compare figures from one quiet run only.\n\n${meta}\n\n${table}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const a = text.indexOf(begin), b = text.indexOf(end);
  text = a >= 0 && b > a ? text.slice(0, a) + section + text.slice(b + end.length) : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, text);
  console.log(`bench-db: wrote ${path.relative(root, file)}`);
}
