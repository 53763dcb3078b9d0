// http_load.mjs: a small keep-alive HTTP load generator (no pipelining):
// CONN connections, each sending GET PATH again as soon as the previous
// answer is whole, for SECONDS. Prints "HTTP requests R rps X p50_us A p99_us B".
//   node bench/net/http_load.mjs PORT PATH CONN SECONDS
import net from 'node:net';

const [port, pth, conns, secs] = [Number(process.argv[2]), process.argv[3],
  Number(process.argv[4] || 50), Number(process.argv[5] || 5)];
const req = Buffer.from(`GET ${pth} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
const lat = [];
let done = 0, stop = false;
const start = process.hrtime.bigint();
function client() {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.setNoDelay(true);
    let buf = '', t0 = 0n;
    const fire = () => { if (stop) { s.end(); return; } t0 = process.hrtime.bigint(); s.write(req); };
    s.on('connect', fire);
    s.on('data', (d) => {
      buf += d.toString('latin1');
      // one response: a head and Content-Length bytes of body
      for (;;) {
        const he = buf.indexOf('\r\n\r\n');
        if (he < 0) return;
        const m = /content-length: *(\d+)/i.exec(buf.slice(0, he));
        const len = m ? Number(m[1]) : 0;
        if (buf.length < he + 4 + len) return;
        buf = buf.slice(he + 4 + len);
        lat.push(Number(process.hrtime.bigint() - t0) / 1000);
        done++;
        fire();
      }
    });
    s.on('close', resolve);
    s.on('error', resolve);
  });
}
setTimeout(() => { stop = true; }, secs * 1000);
await Promise.all(Array.from({ length: conns }, client));
const el = Number(process.hrtime.bigint() - start) / 1e9;
lat.sort((a, b) => a - b);
const q = (p) => (lat.length ? Math.round(lat[Math.min(lat.length - 1, Math.floor(lat.length * p))]) : 0);
console.log(`HTTP requests ${done} rps ${Math.round(done / el)} p50_us ${q(0.5)} p99_us ${q(0.99)}`);
