#!/usr/bin/env node
// bench/net/run.mjs: `make bench-net` (issue 13): on 127.0.0.1, N WebSocket
// bots and N ENet bots (`weft bots`, include/weft_client.h) each send net
// events at R/s to a handler answering with TriggerClientEvent; the round
// trip (p50/p99), messages lost, server CPU per event and RSS are measured.
// In the same run the peer to beat: the same echo on Node 20 with npm's `ws`
// (WebSocket rows; npm installs it into BUILD/bench-net once). Then HTTP:
// requests/s and latency of a small SetHttpHandler reply vs node:http.
//   node bench/net/run.mjs [--build DIR] [--bots N] [--rate R] [--seconds S]
//                          [--http-conns C] [--no-write]
// Writes bench/net/RESULTS.md. It prints; it never fails on a figure.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const opts = { build: path.join(root, 'build'), bots: 500, rate: 20, seconds: 10, conns: 50, write: true };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], val = () => process.argv[++i];
  if (a === '--build') opts.build = val();
  else if (a === '--bots') opts.bots = Number(val());
  else if (a === '--rate') opts.rate = Number(val());
  else if (a === '--seconds') opts.seconds = Number(val());
  else if (a === '--http-conns') opts.conns = Number(val());
  else if (a === '--no-write') opts.write = false;
  else { console.error(`bench-net: unknown option ${a}`); process.exit(2); }
}
const WEFT = path.resolve(opts.build, 'weft');
if (!fs.existsSync(WEFT)) { console.error(`bench-net: ${WEFT} not found (make build)`); process.exit(1); }

// npm's ws for the Node peer, once per build folder.
const wsDir = path.join(opts.build, 'bench-net');
if (!fs.existsSync(path.join(wsDir, 'node_modules', 'ws'))) {
  fs.mkdirSync(wsDir, { recursive: true });
  const r = spawnSync('npm', ['install', '--prefix', wsDir, '--no-audit', '--no-fund', 'ws@8'], { stdio: 'inherit' });
  if (r.status !== 0) console.error('bench-net: npm install ws failed: the Node rows are skipped');
}

const TICK = 100; // USER_HZ on Linux
function cpuSeconds(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICK;
}
function rssMiB(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

// The server's output goes to a file (a pipe nobody reads while spawnSync
// runs the bots would fill and stall the server); its ports are read from it.
function startServer(cmd, args, cwd, ready) {
  const log = path.join(wsDir, `server-${path.basename(cmd)}.log`);
  fs.mkdirSync(wsDir, { recursive: true });
  const fd = fs.openSync(log, 'w');
  const p = spawn(cmd, args, { cwd, stdio: ['ignore', fd, 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
  fs.closeSync(fd);
  return new Promise((resolve, reject) => {
    let exited = false;
    p.on('exit', (c) => { exited = true; reject(new Error(`${cmd} exited ${c}`)); });
    const t0 = Date.now();
    const poll = () => {
      const ports = ready(fs.readFileSync(log, 'utf8'));
      if (ports) return resolve({ p, ports });
      if (exited) return;
      if (Date.now() - t0 > 10000) { p.kill('SIGKILL'); return reject(new Error(`${cmd}: no ports in ${log}`)); }
      setTimeout(poll, 50);
    };
    poll();
  });
}

function bots(url, pid) {
  const c0 = cpuSeconds(pid);
  const r = spawnSync(WEFT, ['bots', String(opts.bots), url, '--rate', String(opts.rate),
    '--seconds', String(opts.seconds)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const c1 = cpuSeconds(pid);
  const m = /bots (\d+) joined (\d+) sent (\d+) received (\d+) lost (\d+) dropped (\d+) p50_us (\d+) p99_us (\d+)/.exec(r.stdout || '');
  if (!m) return { error: (r.stderr || r.stdout || '').slice(-300) };
  const [, n, joined, sent, received, lost, dropped, p50, p99] = m.map(Number);
  return { n, joined, sent, received, lost, dropped, p50, p99, cpu: c1 - c0,
    cpuPerEvent: received ? ((c1 - c0) / received) * 1e6 : 0, rss: rssMiB(pid) };
}

function httpLoad(port, pth, pid) {
  const c0 = cpuSeconds(pid);
  const r = spawnSync(process.execPath, [path.join(here, 'http_load.mjs'), String(port), pth,
    String(opts.conns), String(Math.max(2, opts.seconds / 2))], { encoding: 'utf8' });
  const c1 = cpuSeconds(pid);
  const m = /HTTP requests (\d+) rps (\d+) p50_us (\d+) p99_us (\d+)/.exec(r.stdout || '');
  if (!m) return { error: (r.stderr || '').slice(-300) };
  const [, n, rps, p50, p99] = m.map(Number);
  return { n, rps, p50, p99, cpuPerReq: n ? ((c1 - c0) / n) * 1e6 : 0 };
}

const stop = (p) => new Promise((res) => { p.on('exit', res); p.kill('SIGTERM'); setTimeout(() => p.kill('SIGKILL'), 5000); });
const rows = [];

// ---- weft ----
{
  const { p, ports } = await startServer(WEFT, ['serve', '.'], path.join(here, 'server'), (out) => {
    const t = /listening on 127\.0\.0\.1:(\d+) \(tcp/.exec(out), u = /listening on 127\.0\.0\.1:(\d+) \(udp/.exec(out);
    return t && u ? { ws: Number(t[1]), enet: Number(u[1]) } : null;
  });
  await new Promise((r) => setTimeout(r, 300));
  rows.push({ peer: 'weft', transport: 'WebSocket', ...bots(`ws://127.0.0.1:${ports.ws}`, p.pid) });
  rows.push({ peer: 'weft', transport: 'ENet', ...bots(`enet://127.0.0.1:${ports.enet}`, p.pid) });
  rows.push({ peer: 'weft', transport: 'HTTP', ...httpLoad(ports.ws, '/echo/', p.pid) });
  await stop(p);
}
// ---- Node 20 + ws ----
if (fs.existsSync(path.join(wsDir, 'node_modules', 'ws'))) {
  const { p, ports } = await startServer(process.execPath, [path.join(here, 'node_peer.mjs'), wsDir], here, (out) => {
    const m = /PORTS (\d+) (\d+)/.exec(out);
    return m ? { ws: Number(m[1]) } : null;
  });
  rows.push({ peer: `Node ${process.version} + ws`, transport: 'WebSocket', ...bots(`ws://127.0.0.1:${ports.ws}`, p.pid) });
  rows.push({ peer: `Node ${process.version} http`, transport: 'HTTP', ...httpLoad(ports.ws, '/echo/', p.pid) });
  await stop(p);
}

// ---- report ----
const f1 = (x) => (x === undefined ? '–' : (Math.round(x * 10) / 10).toString());
const lines = [];
lines.push(`# weft network benchmark (make bench-net)`, '');
lines.push(`**Machine:** ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; node ${process.version}; ` +
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average ${os.loadavg()[0].toFixed(1)} at the end. ` +
  `Bots and server share the machine (loopback).`, '');
lines.push(`${opts.bots} bots per transport, ${opts.rate} net events/s each for ${opts.seconds} s, each answered with ` +
  `TriggerClientEvent to its sender; round trip measured by the bot. CPU per event: server CPU time / events answered.`, '');
lines.push('| server | transport | bots joined | events sent | answered | lost | dropped | p50 RTT | p99 RTT | server CPU per event | peak RSS |');
lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows.filter((x) => x.transport !== 'HTTP')) {
  if (r.error) { lines.push(`| ${r.peer} | ${r.transport} | error: ${r.error.replace(/\n/g, ' ')} |`); continue; }
  lines.push(`| ${r.peer} | ${r.transport} | ${r.joined}/${r.n} | ${r.sent} | ${r.received} | ${r.lost} | ${r.dropped} | ` +
    `${f1(r.p50 / 1000)} ms | ${f1(r.p99 / 1000)} ms | ${f1(r.cpuPerEvent)} us | ${f1(r.rss)} MiB |`);
}
const wW = rows.find((r) => r.peer === 'weft' && r.transport === 'WebSocket');
const nW = rows.find((r) => r.peer.startsWith('Node') && r.transport === 'WebSocket');
if (wW && nW && !wW.error && !nW.error && wW.cpuPerEvent)
  lines.push('', `WebSocket, Node's CPU per event / weft's: **${(nW.cpuPerEvent / wW.cpuPerEvent).toFixed(2)}x**; ` +
    `p99 weft ${f1(wW.p99 / 1000)} ms vs Node ${f1(nW.p99 / 1000)} ms.`);
lines.push('', `HTTP: ${opts.conns} keep-alive connections, GET of a small reply for ${Math.max(2, opts.seconds / 2)} s (load generator: bench/net/http_load.mjs, Node).`, '');
lines.push('| server | requests/s | p50 | p99 | server CPU per request |', '| --- | --- | --- | --- | --- |');
for (const r of rows.filter((x) => x.transport === 'HTTP')) {
  if (r.error) { lines.push(`| ${r.peer} | error: ${r.error.replace(/\n/g, ' ')} |`); continue; }
  lines.push(`| ${r.peer === 'weft' ? 'weft SetHttpHandler (JS)' : r.peer} | ${r.rps} | ${f1(r.p50 / 1000)} ms | ${f1(r.p99 / 1000)} ms | ${f1(r.cpuPerReq)} us |`);
}
const text = lines.join('\n') + '\n';
console.log(text);
if (opts.write) fs.writeFileSync(path.join(here, 'RESULTS.md'), text);
