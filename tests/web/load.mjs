// A bounded load test of `sente serve` on loopback: N ordinary clients, each
// from an address of its own (127.0.0.10, .11 ...: all of 127/8 is loopback on
// Linux) sending requests one after another for M seconds (analyze and play
// on small boards of several games, plus /api/games and the page), then the
// latency percentiles. With --hostile, one more client on 127.0.0.2 attacks
// the server meanwhile (issue 23): 128 idle sockets held open and reopened
// from 127.0.0.2, and from 127.0.0.3 a Graphviz graph nested 30,000 braces
// deep and expensive solves, one after another. Fails (exit 1) on any error answer or failed connection of an
// ordinary client, or if the server dies.
//
//   node tests/web/load.mjs --sente build/release/bin/sente [--clients 16] [--seconds 10]
//     [--max-solves 2] [--hostile] [--json FILE]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createInterface } from 'node:readline';

const args = {};
process.argv.slice(2).forEach((a, i, all) => {
  if (!a.startsWith('--')) return;
  const next = all[i + 1];
  args[a.slice(2)] = next === undefined || next.startsWith('--') ? true : next;
});
const clients = Number(args.clients || 16);
const seconds = Number(args.seconds || 10);
const maxSolves = String(args['max-solves'] || 2);
const hostile = Boolean(args.hostile);

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
  '--max-queued', String(clients * 2), '--time-limit', '20'],
{ stdio: ['ignore', 'pipe', 'inherit'] });
let serverExit = null;
server.on('exit', (code, signal) => { serverExit = signal || code; });
const url = new URL(JSON.parse(await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', resolve);
  server.once('exit', (code) => reject(new Error(`sente serve exited with ${code}`)));
})).url);
const port = Number(url.port);

// One request from `localAddress` on `agent`: resolves {status, body}.
function send(agent, localAddress, method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent, localAddress,
      headers: data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60000, () => req.destroy(new Error('no answer in 60 s')));
    if (data !== undefined) req.write(data);
    req.end();
  });
}

const latencies = [];
const errors = [];
const end = Date.now() + seconds * 1000;
async function client(k) {
  const localAddress = `127.0.0.${10 + k}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  for (let i = k; Date.now() < end; ++i) {
    const [method, path, body] = requests[i % requests.length];
    const t0 = performance.now();
    try {
      const r = await send(agent, localAddress, method, path, body);
      if (r.status !== 200) errors.push(`${method} ${path}: HTTP ${r.status} ${r.body.slice(0, 200)}`);
      latencies.push(performance.now() - t0);
    } catch (e) {
      errors.push(`${method} ${path}: ${e.message}`);
    }
  }
  agent.destroy();
}

// The hostile client: what it got, by kind of attack.
const attacks = { deep_graph: [], idle_sockets_refused: 0, idle_sockets_held: 0, solves: [] };
async function attacker() {
  // Idle sockets from 127.0.0.2, requests from 127.0.0.3: the sockets would
  // otherwise take the connections the requests need.
  const idleAddress = '127.0.0.2';
  const localAddress = '127.0.0.3';
  const agent = new http.Agent({ keepAlive: false, localAddress });
  const deep = `graph G {${'{'.repeat(30000)}}`;
  const idle = new Set();
  const openIdle = () => {
    if (Date.now() >= end) return;
    const s = net.connect({ host: '127.0.0.1', port, localAddress: idleAddress });
    idle.add(s);
    s.on('data', (d) => { if (d.toString().includes(' 503 ')) attacks.idle_sockets_refused++; });
    s.on('connect', () => attacks.idle_sockets_held++);
    s.on('error', () => {});
    s.on('close', () => { idle.delete(s); setTimeout(openIdle, 100); });
  };
  for (let i = 0; i < 128; ++i) openIdle();
  const boards = ['8x8', '7x8', '8x7', '7x7', '6x9', '9x6', '5x10', '10x5'];
  for (let i = 0; Date.now() < end; ++i) {
    try {
      const r = await send(agent, localAddress, 'POST', '/api/analyze',
        { game: 'shannon', options: { graph: deep } });
      attacks.deep_graph.push(r.status);
    } catch (e) {
      attacks.deep_graph.push(e.message);
    }
    try {
      const r = await send(agent, localAddress, 'POST', '/api/analyze',
        { game: 'domineering', options: { board: boards[i % boards.length] } });
      attacks.solves.push(r.status);
    } catch (e) {
      attacks.solves.push(e.message);
    }
  }
  for (const s of idle) s.destroy();
  agent.destroy();
}

const t0 = Date.now();
const attack = hostile ? attacker() : Promise.resolve();
await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
const wall = (Date.now() - t0) / 1000;
if (serverExit !== null) errors.unshift(`the server died during the test (${serverExit})`);
server.kill('SIGTERM');
await attack;  // its last request ends with the server

latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN;
const count = (list) => list.reduce((m, x) => ({ ...m, [x]: (m[x] || 0) + 1 }), {});
const result = {
  clients, hostile, seconds: wall, requests: latencies.length, errors: errors.length,
  requests_per_second: latencies.length / wall,
  latency_ms: { p50: pct(50), p90: pct(90), p99: pct(99), max: latencies.at(-1) },
  ...(hostile ? {
    attacks: {
      deep_graph: count(attacks.deep_graph), solves: count(attacks.solves),
      idle_sockets_held: attacks.idle_sockets_held, idle_sockets_refused: attacks.idle_sockets_refused,
    },
  } : {}),
};
console.log(`${clients} clients${hostile ? ' beside a hostile one' : ''} for ${wall.toFixed(1)} s: ` +
  `${result.requests} requests (${result.requests_per_second.toFixed(0)}/s), ${errors.length} errors; ` +
  `latency ms p50 ${result.latency_ms.p50.toFixed(1)}, p90 ${result.latency_ms.p90.toFixed(1)}, ` +
  `p99 ${result.latency_ms.p99.toFixed(1)}, max ${result.latency_ms.max.toFixed(1)}`);
if (hostile) console.log(`hostile client: ${JSON.stringify(result.attacks)}`);
if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
for (const e of [...new Set(errors)].slice(0, 10)) console.log(`error: ${e}`);
process.exit(errors.length || latencies.length === 0 ? 1 : 0);
