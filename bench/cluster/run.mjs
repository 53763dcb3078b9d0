// bench/cluster/run.mjs [--build DIR] [--seq N] [--conc N] [--inflight N] [--fan N] [--dur N]:
// `make bench-cluster`. One nats-server on a free 127.0.0.1 port, then:
//   weft: four servers (bench-a calls, bench-b provides the `echo` export,
//         bench-b/c/d count fan-out events): cross-server export round trip
//         one at a time (p50/p99, JS and Lua), throughput with INFLIGHT calls
//         at once, TriggerClusterEvent fan-out to three servers, and DUR
//         durable events (JetStream, INFLIGHT publishes at once) run by one
//         durable consumer;
//   Node 20 + npm's `nats` (the peer, same run, same nats-server): the same
//         request/reply, fan-out and durable events with one process per server.
// Prints the table with ratios and writes bench/cluster/RESULTS.md.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const BUILD = path.resolve(arg('build', path.join(HERE, '../../build')));
const WEFT = path.join(BUILD, 'weft');
const SEQ = Number(arg('seq', 5000));
const CONC = Number(arg('conc', 20000));
const INFLIGHT = Number(arg('inflight', 64));
const FAN = Number(arg('fan', 20000));
const DUR = Number(arg('dur', 5000));

const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).stdout.toString().trim();
const NATS = which('nats-server');
if (!NATS) {
  console.error('bench-cluster: nats-server is not installed (scripts/install-deps.sh installs it)');
  process.exit(1);
}
if (!fs.existsSync(path.join(HERE, 'node_modules', 'nats'))) {
  const r = spawnSync('npm', ['install', '--prefix', HERE, '--no-audit', '--no-fund', '--no-save', 'nats@2'], { stdio: 'inherit' });
  if (r.status !== 0) console.error('bench-cluster: npm install nats failed: the Node rows are skipped');
}
const haveNodeNats = fs.existsSync(path.join(HERE, 'node_modules', 'nats'));

const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-cluster-'));
const children = [];
const start = (cmd, args, opts = {}) => {
  const c = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  children.push(c);
  c.out = '';
  c.stdout.on('data', (d) => { c.out += d; });
  c.stderr.on('data', (d) => { c.out += d; });
  c.done = new Promise((r) => c.on('exit', r));
  return c;
};
const waitLine = (c, re, ms = 20000) => new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error(`timeout waiting for ${re} in:\n${c.out}`)), ms);
  const check = () => {
    const m = c.out.match(re);
    if (m) { clearTimeout(t); resolve(m); }
  };
  c.stdout.on('data', check);
  c.stderr.on('data', check);
  check();
});
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
};
process.on('exit', cleanup);

const port = await freePort();
const URL = `nats://127.0.0.1:${port}`;
const natsProc = start(NATS, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', path.join(tmp, 'js')]);
await waitLine(natsProc, /Server is ready/);

// ---- weft ----------------------------------------------------------------
const serve = (folder, name, extra = []) => start(WEFT, ['serve', path.join(HERE, 'servers', folder),
  '+set', 'weft_cluster', URL, '+set', 'weft_serverName', name, ...extra], { env: { ...process.env, NO_COLOR: '1' } });
const peers = ['bench-b', 'bench-c', 'bench-d'].map((n) => serve('peer', n, ['+ensure', 'bench_peer']));
const caller = serve('caller', 'bench-a', ['+set', 'bench_args', `${SEQ} ${CONC} ${INFLIGHT} ${FAN} ${DUR}`, '+ensure', 'bench_caller']);
const wm = await waitLine(caller, /BENCH(-FAILED)? (.*)/, 300000);
if (wm[1]) throw new Error(`weft bench failed: ${wm[2]}\n${caller.out}`);
const weft = JSON.parse(wm[2]);
await Promise.all([caller.done, ...peers.map((p) => p.done)]);

// ---- Node 20 + nats --------------------------------------------------------
let node = null;
if (haveNodeNats) {
  const peer = path.join(HERE, 'node_peer.mjs');
  const responder = start(process.execPath, [peer, 'responder', URL]);
  const recv = ['n-b', 'n-c', 'n-d'].map((n) => start(process.execPath, [peer, 'receiver', URL, n, String(FAN)]));
  recv.push(start(process.execPath, [peer, 'jsreceiver', URL, String(DUR)]));
  await Promise.all([responder, ...recv].map((c) => waitLine(c, /READY/)));
  const nodeCaller = start(process.execPath, [peer, 'caller', URL, String(SEQ), String(CONC), String(INFLIGHT), String(FAN), String(DUR)]);
  const nm = await waitLine(nodeCaller, /BENCH (.*)/, 300000);
  node = JSON.parse(nm[1]);
  responder.kill('SIGTERM');
}

// ---- the table -------------------------------------------------------------
const f = (v, d = 0) => (v === undefined || v === null ? '-' : Number(v).toFixed(d));
const ratio = (a, b, lowerBetter) => (b ? `${(lowerBetter ? a / b : b / a).toFixed(2)}x` : '-');
const cpu = os.cpus()[0].model;
const natsVer = execFileSync(NATS, ['--version']).toString().trim();
const rows = [
  ['export round trip p50 (us), JS', weft.p50, node && node.p50, true, 1],
  ['export round trip p99 (us), JS', weft.p99, node && node.p99, true, 1],
  ['export round trip p50 (us), Lua', weft.luaP50, node && node.p50, true, 1],
  ['export round trip p99 (us), Lua', weft.luaP99, node && node.p99, true, 1],
  [`export calls/s, ${INFLIGHT} in flight`, weft.tput, node && node.tput, false, 0],
  ['fan-out to 3 servers, events/s sent', weft.fanRate, node && node.fanRate, false, 0],
  ['fan-out events lost (of 3 x N)', weft.fanLost, node && node.fanLost, null, 0],
  [`durable events/s, stored and handled (${INFLIGHT} publishes in flight)`, weft.durRate, node && node.durRate, false, 0],
  ['durable events lost (of N)', weft.durLost, node && node.durLost, null, 0],
];
let table = '| measure | weft | Node 20 + nats | weft/Node |\n|---|---|---|---|\n';
for (const [name, w, n, lower, d] of rows)
  table += `| ${name} | ${f(w, d)} | ${f(n, d)} | ${lower === null ? '-' : ratio(w, n, lower)} |\n`;
const head = `${SEQ} sequential calls, ${CONC} calls with ${INFLIGHT} in flight, ${FAN} events, ${DUR} durable events; ${natsVer}, loopback; ${cpu}, ${os.cpus().length} cores; ${new Date().toISOString().slice(0, 10)}`;
console.log(`\nbench-cluster: ${head}\n\n${table}`);
console.log('weft/Node: for latencies weft/Node (lower is better, target p50 <= 1.2x); for rates Node/weft (lower is better).');
fs.writeFileSync(path.join(HERE, 'RESULTS.md'), `# bench-cluster (make bench-cluster)

Cross-server export round trip (weft: \`ClusterExports('bench-b', 'bench_peer').echo(i)\` from
a JS resource and from a Lua resource with \`Citizen.Await\`; Node: \`nc.request\` with npm's
\`nats\` 2 and a JSON codec), throughput with ${INFLIGHT} calls in flight, and event fan-out
(\`TriggerClusterEvent\` / \`nc.publish\`) to three servers (separate processes), and durable
events (weft: \`TriggerDurableClusterEvent\` with an id, ${INFLIGHT} awaiting their PubAck at
once, to one \`{durable: true}\` handler on another server, acked after it ran; Node:
\`js.publish\` with a \`msgID\` to a durable push consumer acking each message), timed until
the consumer has handled all N, all through one nats-server (\`-js\`) on loopback, in the same
run. Ratios: weft/Node for latencies, Node/weft for
rates (below 1 means weft is ahead). Generated by bench/cluster/run.mjs.

${head}

${table}`);
process.exit(0); // children (nats-server) are killed by the exit handler
