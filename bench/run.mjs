#!/usr/bin/env node
// Micro-benchmark runner: weft vs node on the scripts in bench/js/.
//
//   node bench/run.mjs [--weft build/weft] [--weft-b OTHER] [--runs 5]
//                      [--json FILE] [--results FILE] [names...]
//
// Each script prints one line `RESULT <ns_per_op>` (after a warm-up pass, see
// js/lib/harness.js). For every benchmark the runner alternates weft /
// (weft-b) / node processes `runs` times, each pinned to one core with
// `taskset` when available and wrapped in /usr/bin/time for its peak RSS, and
// reports the median ns/op of each and the median of the per-run ratios.
// --results FILE also writes issue 16's table (with the machine, load and
// date) between the bench-run markers of FILE (bench/RESULTS.md).
// See bench/README.md.
import { spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const jsDir = path.join(here, 'js');
const RUN_TIMEOUT_MS = 300_000;

function usage(code) {
  const out = code ? console.error : console.log;
  out('usage: node bench/run.mjs [--weft BIN] [--weft-b BIN] [--runs N] ' +
      '[--json FILE] [--results FILE] [--cpu N|none] [names...]');
  out('benchmarks: ' + listBenchmarks().join(', '));
  process.exit(code);
}

function listBenchmarks() {
  return fs.readdirSync(jsDir)
    .filter((f) => f.endsWith('.js') && fs.statSync(path.join(jsDir, f)).isFile())
    .map((f) => f.slice(0, -3))
    .sort();
}

function parseArgs(argv) {
  const opts = { weft: path.join(repoRoot, 'build', 'weft'), weftB: null,
                 runs: 5, json: null, results: null, cpu: null, names: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) {
        console.error(`error: ${a} needs a value`);
        usage(2);
      }
      return argv[++i];
    };
    if (a === '--weft') opts.weft = val();
    else if (a === '--weft-b') opts.weftB = val();
    else if (a === '--runs') opts.runs = Number(val());
    else if (a === '--json') opts.json = val();
    else if (a === '--results') opts.results = val();
    else if (a === '--cpu') opts.cpu = val();
    else if (a === '-h' || a === '--help') usage(0);
    else if (a.startsWith('--')) { console.error(`error: unknown option ${a}`); usage(2); }
    else opts.names.push(a.replace(/\.js$/, ''));
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) {
    console.error('error: --runs must be a positive integer');
    process.exit(2);
  }
  return opts;
}

function checkBinary(label, bin) {
  const p = path.resolve(bin);
  try {
    fs.accessSync(p, fs.constants.X_OK);
    if (!fs.statSync(p).isFile()) throw new Error('not a file');
  } catch {
    console.error(`error: ${label} binary not found or not executable: ${p}`);
    process.exit(1);
  }
  return p;
}

// `weft run FILE args...`; a node binary passed as --weft (to test the
// runner itself) is invoked as `node FILE args...`.
function commandFor(bin, script) {
  const isNode = /^node(\.exe)?$/.test(path.basename(bin));
  return { cmd: bin, args: isNode ? [script] : ['run', script] };
}

// Wrappers found once: taskset (pin to one core) and /usr/bin/time (peak RSS).
function which(p) {
  try { fs.accessSync(p, fs.constants.X_OK); return p; } catch { return null; }
}
const TASKSET = which('/usr/bin/taskset');
const TIME = which('/usr/bin/time');

// The core to pin to: --cpu N, or the last core this process may run on
// (`--cpu none` disables pinning).
function pinCpu(opt) {
  if (opt === 'none' || !TASKSET) return null;
  if (opt != null) return String(opt);
  try {
    const m = fs.readFileSync('/proc/self/status', 'utf8').match(/^Cpus_allowed_list:\s*(.*)$/m);
    const last = m[1].trim().split(',').pop().split('-').pop();
    if (/^\d+$/.test(last)) return last;
  } catch {}
  return null;
}

function runOnce(bin, script, cpu) {
  let { cmd, args } = commandFor(bin, script);
  if (TIME) { args = ['-f', 'MAXRSS_KB %M', cmd, ...args]; cmd = TIME; }
  if (cpu != null) { args = ['-c', cpu, cmd, ...args]; cmd = TASKSET; }
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: RUN_TIMEOUT_MS,
                                   maxBuffer: 16 << 20 });
  const results = (r.stdout || '').split('\n')
    .filter((l) => l.startsWith('RESULT '));
  let err = null;
  if (r.error) err = r.error.code === 'ETIMEDOUT' ? 'timeout' : r.error.message;
  else if (r.status !== 0) err = `exit ${r.status ?? r.signal}`;
  else if (results.length !== 1) err = `${results.length} RESULT lines`;
  if (err) {
    const tail = (r.stderr || '').trim().split('\n').slice(-3).join(' / ');
    return { error: err + (tail ? `: ${tail}` : '') };
  }
  const ns = Number(results[0].slice(7).trim());
  if (!Number.isFinite(ns)) return { error: `bad RESULT: ${results[0]}` };
  const m = (r.stderr || '').match(/^MAXRSS_KB (\d+)$/m);
  return { ns, rssMiB: m ? Number(m[1]) / 1024 : null };
}

function median(xs) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length & 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function machineInfo() {
  let arch = '?';
  try { arch = execFileSync('uname', ['-m'], { encoding: 'utf8' }).trim(); } catch {}
  let cpu = '?';
  try {
    const m = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m);
    if (m) cpu = m[1].trim();
  } catch {}
  let nodeVersion = process.version;
  return { arch, cpu, nodeVersion, date: new Date().toISOString() };
}

const fmtNs = (x) => (x == null ? 'ERR' : x.toFixed(1));
const fmtRatio = (a, b) => (a == null || b == null || b === 0 ? '-' : (a / b).toFixed(2));
const fmtR = (x) => (x == null ? '-' : x.toFixed(2));
const fmtMiB = (x) => (x == null ? '-' : x.toFixed(0));

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) =>
    i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

// Issue 16's table: its rows in its units, weft/node and the target.
// ratio: the median of the per-run weft/node time ratios (as the issue).
const ISSUE_ROWS = [
  ['nexttick-depth', 'nextTick depth (each tick queues the next), ns', 'ns', 1.0],
  ['nexttick-breadth', 'nextTick breadth (9 no-op ticks + 1 runner per round), ns/tick', 'ns', 1.0],
  ['queuemicrotask', 'queueMicrotask depth, ns', 'ns', 0.7],
  ['await-null', '`await null` chain, ns', 'ns', 2],
  ['promise-hop', '`Promise.resolve().then` hop, ns', 'ns', 8],
  ['then-chain', 'prebuilt `p = p.then(inc)` x 1e6, ns and peak RSS', 'ns+rss', 3, 2],
  ['timers-timeout-nexttick', "timers-timeout-nexttick (Node's benchmark), ops/s", 'ops', 0.6],
  ['setimmediate', 'setImmediate chain, us per immediate', 'us', 0.8],
];

function loadAvg() {
  try { return fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]; } catch { return '?'; }
}

function gitRev() {
  try {
    return execFileSync('git', ['-C', repoRoot, 'describe', '--always', '--dirty'],
                        { encoding: 'utf8' }).trim();
  } catch { return '?'; }
}

function issueTable(results, all = true) {
  const by = Object.fromEntries(results.map((r) => [r.name, r]));
  const cell = (ns, unit) => {
    if (ns == null) return 'ERR';
    if (unit === 'us') return (ns / 1000).toFixed(2);
    if (unit === 'ops') return (1e3 / ns).toFixed(2) + 'M';
    return ns < 100 ? ns.toFixed(1) : ns.toFixed(0);
  };
  const mark = (r, t) => (r == null ? '' : r <= t ? ' ✓' : ' ✗');
  const lines = ['| benchmark | Node 20 | weft | weft/Node | target |', '|---|---|---|---|---|'];
  for (const [name, label, unit, target, rssTarget] of ISSUE_ROWS) {
    const r = by[name];
    if (!r) {
      if (all) lines.push(`| ${label} | not run | | | <= ${target} |`);
      continue;
    }
    let node = cell(r.node.median, unit), weft = cell(r.weft.median, unit);
    let ratio = fmtR(r.weftOverNode) + mark(r.weftOverNode, target);
    let tgt = `<= ${target}`;
    if (unit === 'ns+rss') {
      node += `, ${fmtMiB(r.node.rssMiB)} MiB`;
      weft += `, ${fmtMiB(r.weft.rssMiB)} MiB`;
      ratio += `, ${fmtR(r.rssWeftOverNode)}${mark(r.rssWeftOverNode, rssTarget)}`;
      tgt += `, <= ${rssTarget}`;
    }
    lines.push(`| ${label} | ${node} | ${weft} | ${ratio} | ${tgt} |`);
  }
  const others = results.filter((r) => !ISSUE_ROWS.some(([n]) => n === r.name));
  if (others.length) {
    lines.push('', 'Other rows (ns/op): ' + others.map((r) =>
      `${r.name} weft ${fmtNs(r.weft.median)}, node ${fmtNs(r.node.median)}, ` +
      `weft/node ${fmtR(r.weftOverNode)}`).join('; ') + '.');
  }
  return lines.join('\n');
}

// Replace (or append) the <!-- bench-run: begin ... bench-run: end -->
// section of `file`; make bench-host keeps such sections when it rewrites it.
function writeResults(file, results, machine, runs, loadStart, loadEnd) {
  const section = `<!-- bench-run: begin (written by make bench / bench/quiet-table.sh: node bench/run.mjs --results) -->
## JS micro-benchmarks vs Node 20 (make bench)

Issue 16's table, written by \`node bench/run.mjs --results bench/RESULTS.md\` (run by
\`bench/quiet-table.sh\`): each benchmark a fresh process pinned to one core, a warm-up
pass of N/10 then a measured pass of N = 1e6 from a fresh \`setTimeout(0)\`, weft and
node alternating, ${runs} runs, median of per-run ratios; ratio > 1 means slower than Node.
Compare figures only from a quiet run (load average below the core count).

**Machine:** ${machine.arch}, ${machine.cpu}, ${os.cpus().length} cores; node ${machine.nodeVersion}; weft ${gitRev()}; ${machine.date}; runs: ${runs}; ${machine.pinnedCpu != null ? 'pinned to cpu ' + machine.pinnedCpu : 'not pinned'}; load average ${loadStart} at start, ${loadEnd} at end.

${issueTable(results)}
<!-- bench-run: end -->`;
  let old = '';
  try { old = fs.readFileSync(file, 'utf8'); } catch {}
  const re = /<!-- bench-run: begin[^]*?<!-- bench-run: end -->/;
  const doc = re.test(old) ? old.replace(re, () => section)
    : old + (old && !old.endsWith('\n') ? '\n' : '') + '\n' + section + '\n';
  fs.writeFileSync(file, doc);
  console.log(`\nwrote issue 16's table to ${file}`);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const all = listBenchmarks();
  const names = opts.names.length ? opts.names : all;
  const unknown = names.filter((n) => !all.includes(n));
  if (unknown.length) {
    console.error(`error: unknown benchmark(s): ${unknown.join(', ')}`);
    usage(2);
  }
  const weft = checkBinary('weft', opts.weft);
  const weftB = opts.weftB ? checkBinary('weft-b', opts.weftB) : null;
  const node = process.execPath;

  const cpu = pinCpu(opts.cpu);
  const machine = machineInfo();
  machine.pinnedCpu = cpu;
  const loadStart = loadAvg();
  console.log(`machine: ${machine.arch}, ${machine.cpu}, node ${machine.nodeVersion}, ` +
              `${machine.date}, runs=${opts.runs}, ` +
              (cpu != null ? `pinned to cpu ${cpu}` : 'not pinned') +
              `, load average ${loadStart}`);
  console.log(`weft: ${weft}` + (weftB ? `, weft-b: ${weftB}` : ''));

  const engines = [['weft', weft]];
  if (weftB) engines.push(['weftB', weftB]);
  engines.push(['node', node]);

  const results = [];
  for (const name of names) {
    const script = path.join(jsDir, name + '.js');
    const samples = Object.fromEntries(engines.map(([k]) => [k, []]));
    const rss = Object.fromEntries(engines.map(([k]) => [k, []]));
    const ratios = [];
    const rssRatios = [];
    const errors = Object.fromEntries(engines.map(([k]) => [k, []]));
    process.stderr.write(`${name} `);
    for (let i = 0; i < opts.runs; i++) {
      const run = {};
      for (const [k, bin] of engines) {
        const r = runOnce(bin, script, cpu);
        if (r.error) { errors[k].push(r.error); continue; }
        samples[k].push(r.ns);
        if (r.rssMiB != null) rss[k].push(r.rssMiB);
        run[k] = r.ns;
        run[k + 'Rss'] = r.rssMiB;
      }
      if (run.weft != null && run.node) ratios.push(run.weft / run.node);
      if (run.weftRss != null && run.nodeRss) rssRatios.push(run.weftRss / run.nodeRss);
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    const res = { name };
    for (const [k] of engines) {
      res[k] = { median: median(samples[k]), samples: samples[k], errors: errors[k],
                 rssMiB: median(rss[k]) };
      for (const e of new Set(errors[k])) console.error(`  ${name} [${k}]: ${e}`);
    }
    // the median of the per-run ratios (each weft run against the node run
    // next to it), less sensitive to load drifting during the session
    res.weftOverNode = median(ratios);
    res.ratios = ratios;
    res.rssWeftOverNode = median(rssRatios);
    if (weftB) {
      res.bOverA = res.weftB.median != null && res.weft.median
        ? res.weftB.median / res.weft.median : null;
    }
    results.push(res);
  }

  const header = weftB
    ? ['benchmark', 'weft ns/op', 'weft-b ns/op', 'node ns/op', 'weft/node', 'b/a',
       'weft MiB', 'node MiB']
    : ['benchmark', 'weft ns/op', 'node ns/op', 'weft/node', 'weft MiB', 'node MiB'];
  const rows = results.map((r) => weftB
    ? [r.name, fmtNs(r.weft.median), fmtNs(r.weftB.median), fmtNs(r.node.median),
       fmtR(r.weftOverNode), fmtRatio(r.weftB.median, r.weft.median),
       fmtMiB(r.weft.rssMiB), fmtMiB(r.node.rssMiB)]
    : [r.name, fmtNs(r.weft.median), fmtNs(r.node.median), fmtR(r.weftOverNode),
       fmtMiB(r.weft.rssMiB), fmtMiB(r.node.rssMiB)]);
  console.log();
  printTable(header, rows);
  console.log('\nns/op: median per engine; weft/node: median of the per-run ratios; ' +
              'MiB: median peak RSS of the process (/usr/bin/time)' +
              (TIME ? '' : ' (not available here)') + '.');
  // the memory row: peak RSS of N pending then() reactions at once
  const tc = results.find((r) => r.name === 'then-chain');
  if (tc) {
    console.log(`\nmemory row (then-chain, 1e6 pending reactions): weft ${fmtMiB(tc.weft.rssMiB)} MiB, ` +
                `node ${fmtMiB(tc.node.rssMiB)} MiB, weft/node ${fmtR(tc.rssWeftOverNode)} ` +
                '(median of the per-run ratios; target <= 2)');
  }

  if (results.some((r) => ISSUE_ROWS.some(([n]) => n === r.name))) {
    console.log('\n' + issueTable(results, false));
  }
  if (opts.results) writeResults(opts.results, results, machine, opts.runs, loadStart, loadAvg());

  if (opts.json) {
    const out = { machine, runs: opts.runs, weft, weftB, node, results };
    fs.writeFileSync(opts.json, JSON.stringify(out, null, 2) + '\n');
    console.log(`\nwrote ${opts.json}`);
  }

  const failed = results.some((r) => engines.some(([k]) => r[k].median == null));
  process.exit(failed ? 1 : 0);
}

main();
