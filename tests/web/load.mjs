// A bounded load test of `sente serve` on loopback: N clients, each sending
// requests one after another for M seconds (analyze and play on small boards
// of several games, plus /api/games and the page), then the latency
// percentiles. Fails (exit 1) on any error answer or failed connection.
//
//   node tests/web/load.mjs --sente build/release/bin/sente [--clients 16] [--seconds 10]
//     [--max-solves 2] [--json FILE]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const clients = Number(args.clients || 16);
const seconds = Number(args.seconds || 10);
const maxSolves = String(args['max-solves'] || 2);

// The requests the clients cycle through: the kinds a page sends.
const requests = [
  ['GET', '/api/games'],
  ['GET', '/'],
  ['POST', '/api/analyze', { game: 'tic-tac-toe', position: 'X..|.O.|...' }],
  ['POST', '/api/analyze', { game: 'dots-and-boxes', options: { board: '2x3' } }],
  ['POST', '/api/play', { game: 'tic-tac-toe', position: '', move: 'b2' }],
  ['POST', '/api/analyze', { game: 'domineering', options: { board: '4x4' } }],
  ['POST', '/api/play', { game: 'cram', options: { board: '3x4' }, position: '' }],
  ['POST', '/api/analyze', { game: 'turning-corners', options: { board: '3x3' } }],
];

const server = spawn(args.sente, ['serve', '--port', '0', '--json', '-q', '--max-solves', maxSolves,
  '--max-queued', String(clients * 2)], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = JSON.parse(await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', resolve);
  server.once('exit', (code) => reject(new Error(`sente serve exited with ${code}`)));
})).url.replace(/\/$/, '');

const latencies = [];
const errors = [];
const end = Date.now() + seconds * 1000;
async function client(k) {
  for (let i = k; Date.now() < end; ++i) {
    const [method, path, body] = requests[i % requests.length];
    const t0 = performance.now();
    try {
      const r = await fetch(url + path, body ? { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : { method });
      await r.arrayBuffer();
      if (!r.ok) errors.push(`${method} ${path}: HTTP ${r.status}`);
      latencies.push(performance.now() - t0);
    } catch (e) {
      errors.push(`${method} ${path}: ${e.message}`);
    }
  }
}
const t0 = Date.now();
await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
const wall = (Date.now() - t0) / 1000;
server.kill('SIGTERM');

latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN;
const result = {
  clients, seconds: wall, requests: latencies.length, errors: errors.length,
  requests_per_second: latencies.length / wall,
  latency_ms: { p50: pct(50), p90: pct(90), p99: pct(99), max: latencies.at(-1) },
};
console.log(`${clients} clients for ${wall.toFixed(1)} s: ${result.requests} requests ` +
  `(${result.requests_per_second.toFixed(0)}/s), ${errors.length} errors; latency ms ` +
  `p50 ${result.latency_ms.p50.toFixed(1)}, p90 ${result.latency_ms.p90.toFixed(1)}, ` +
  `p99 ${result.latency_ms.p99.toFixed(1)}, max ${result.latency_ms.max.toFixed(1)}`);
if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
for (const e of [...new Set(errors)].slice(0, 10)) console.log(`error: ${e}`);
process.exit(errors.length || latencies.length === 0 ? 1 : 0);
