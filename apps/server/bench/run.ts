/**
 * `npm run bench`: seeds an organisation with ~2,000 staff (and a second one, so scoping matters),
 * then measures with autocannon three of the product's calls, each beside a bare Fastify route
 * running the same SQL on the same data, and prints req/s, p50, p99 and the ratio product/bare.
 * On the embedded database by default; on PostgreSQL when DATABASE_URL is set (in a database made
 * for the run and dropped after it). Not a test: it exits 0 whether or not the target is met.
 *
 * Knobs: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (32), BENCH_ROUNDS
 * (1; with more, the table shows medians), BENCH_STAFF (2000), BENCH_OTHER_STAFF (300).
 * The bare routes keep session lookups for 30 s as the product does (like for like); BENCH_BARE_SESSION_CACHE=0 makes them look the session up on every request
 * (by default they run the lookup on every request). BENCH_CPU_PROF=<dir> profiles both servers.
 * Besides req/s and latency, it reports each server process's CPU time per request, which a busy
 * neighbour on the machine disturbs far less than throughput.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Seeded, seed } from './seed';
import { benchConfig, type Child, type DatabaseTarget, startChild } from './shared';

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const duration = numberFromEnv('BENCH_DURATION', 10);
const warmup = numberFromEnv('BENCH_WARMUP', 2);
const connections = numberFromEnv('BENCH_CONNECTIONS', 32);
const staff = numberFromEnv('BENCH_STAFF', 2000);
const otherStaff = numberFromEnv('BENCH_OTHER_STAFF', 300);
const rounds = Math.floor(numberFromEnv('BENCH_ROUNDS', 1));
const targetRatio = 0.6;

type Measured = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };

const callsOf = (seeded: Seeded): Measured[] => [
  { name: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me' },
  { name: 'POST /organisation/staff/details', method: 'POST', path: '/api/organisation/staff/details', body: { _id: seeded.staffId } },
  {
    name: `POST /organisation/staff/list "${seeded.search}"`,
    method: 'POST',
    path: '/api/organisation/staff/list',
    body: { page: 1, limit: 10, search: seeded.search },
  },
];

const headersOf = (token: string, call: Measured): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
});

const fetchCall = async (server: Child, token: string, call: Measured) => {
  const response = await fetch(server.url + call.path, {
    method: call.method,
    headers: headersOf(token, call),
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  return { status: response.status, body: (await response.json()) as { data: any } };
};

/** Both servers must answer the same before their speeds mean anything. */
const checkSameAnswers = async (product: Child, bare: Child, token: string, calls: Measured[]) => {
  const problems: string[] = [];
  for (const call of calls) {
    const [a, b] = await Promise.all([fetchCall(product, token, call), fetchCall(bare, token, call)]);
    if (a.status !== 200 || b.status !== 200) problems.push(`${call.name}: product ${a.status}, bare ${b.status}`);
    else if (JSON.stringify(a.body) !== JSON.stringify(b.body)) {
      problems.push(
        `${call.name}: answers differ\n    product ${JSON.stringify(a.body).slice(0, 300)}\n    bare    ${JSON.stringify(b.body).slice(0, 300)}`,
      );
    }
  }
  return problems;
};

/** Throughput of answered calls, latency, and the server process's CPU time per request (µs). */
type Numbers = { rps: number; p50: number; p99: number; cpuPerRequest: number; errors: number; non2xx: number };

const load = async (server: Child, token: string, call: Measured, seconds: number): Promise<Numbers> => {
  const cpuBefore = await server.cpu();
  const result: Result = await autocannon({
    url: server.url + call.path,
    method: call.method,
    headers: headersOf(token, call),
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    connections,
    duration: seconds,
  });
  const cpuUsed = (await server.cpu()) - cpuBefore;
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: cpuUsed / Math.max(1, result['2xx'] + result.non2xx),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

const measure = async (server: Child, token: string, call: Measured) => {
  await load(server, token, call, warmup);
  const numbers = await load(server, token, call, duration);
  const trouble = numbers.errors + numbers.non2xx > 0 ? ` (${numbers.errors} errors, ${numbers.non2xx} non-2xx!)` : '';
  console.log(
    `  ${server.name.padEnd(7)} ${call.name}: ${numbers.rps.toFixed(0)} req/s, ${numbers.cpuPerRequest.toFixed(0)} µs server CPU per request${trouble}`,
  );
  return numbers;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const medianOf = (runs: Numbers[]): Numbers => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  cpuPerRequest: median(runs.map((r) => r.cpuPerRequest)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
};

/** A database of its own on the server DATABASE_URL names, so runs never collide. */
const createPostgresDatabase = async (serverUrl: string) => {
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { name, url: url.toString(), version, drop };
};

const main = async () => {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-bench-'));
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(root, { recursive: true, force: true })];
  const children: Child[] = [];
  try {
    let label: string;
    let seedTarget: DatabaseTarget;
    let productTarget: DatabaseTarget;
    let bareTarget: DatabaseTarget;
    if (serverUrl) {
      const database = await createPostgresDatabase(serverUrl);
      cleanups.unshift(database.drop);
      label = `PostgreSQL ${database.version} (database ${database.name}, dropped after the run)`;
      seedTarget = productTarget = bareTarget = { databaseUrl: database.url, dataDir: path.join(root, 'product') };
    } else {
      label = 'PGlite (embedded; product and bare each on their own copy of the seeded data directory)';
      seedTarget = { dataDir: path.join(root, 'seed') };
      productTarget = { dataDir: path.join(root, 'product') };
      bareTarget = { dataDir: path.join(root, 'bare') };
    }
    console.log(`Database: ${label}`);
    console.log(
      `Bare routes: session lookup ${process.env.BENCH_BARE_SESSION_CACHE !== '0' ? 'cached for 30 s, as the product does' : 'on every request (the product caches it for 30 s)'}`,
    );
    console.log(
      `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; autocannon ${connections} connections, ${warmup} s warm-up + ${duration} s per run`,
    );

    const started = Date.now();
    const app = await buildApp({ config: benchConfig(seedTarget) });
    await app.ready();
    const seeded = await seed(app, { staff, otherStaff });
    await app.close();
    console.log(
      `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${seeded.staffCount} staff in the measured organisation ` +
        `(${seeded.matches} match "${seeded.search}"), ${otherStaff} in a second one`,
    );
    if (!serverUrl) {
      for (const target of [productTarget, bareTarget]) fs.cpSync(seedTarget.dataDir, target.dataDir, { recursive: true });
    }

    const [product, bare] = await Promise.all([
      startChild('product', 'product-server.ts', productTarget),
      startChild('bare', 'bare-server.ts', bareTarget),
    ]);
    children.push(product, bare);

    const calls = callsOf(seeded);
    const problems = await checkSameAnswers(product, bare, seeded.token, calls);
    if (problems.length > 0) console.log(`Warning: the two servers do not answer alike:\n  ${problems.join('\n  ')}`);
    else console.log('Both servers give byte-identical answers to the three calls.');

    // Product and bare take turns (and swap who goes first each round), so a busy neighbour on the
    // machine weighs on both alike; with several rounds the table shows each side's median.
    const runs = calls.map((call) => ({ call, product: [] as Numbers[], bare: [] as Numbers[] }));
    for (let round = 1; round <= rounds; round++) {
      console.log(rounds > 1 ? `Measuring, round ${round} of ${rounds}:` : 'Measuring:');
      for (const run of runs) {
        const order = round % 2 === 1 ? [product, bare] : [bare, product];
        for (const server of order) run[server === product ? 'product' : 'bare'].push(await measure(server, seeded.token, run.call));
      }
    }
    const results = runs.map(({ call, product: p, bare: b }) => ({ call, product: medianOf(p), bare: medianOf(b) }));

    const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    const micros = (value: number) => `${value.toFixed(0)} µs`;
    console.log(
      `\nResults on ${serverUrl ? 'PostgreSQL' : 'PGlite'} (req/s over ${duration} s${rounds > 1 ? `, median of ${rounds} rounds` : ''}; latency p50 / p99; server process CPU time per request):\n`,
    );
    console.log(
      table([
        ['call', 'product req/s', 'p50', 'p99', 'CPU/req', 'bare req/s', 'p50', 'p99', 'CPU/req', 'product/bare'],
        ...results.map(({ call, product: p, bare: b }) => [
          call.name,
          p.rps.toFixed(0),
          ms(p.p50),
          ms(p.p99),
          micros(p.cpuPerRequest),
          b.rps.toFixed(0),
          ms(b.p50),
          ms(b.p99),
          micros(b.cpuPerRequest),
          (p.rps / b.rps).toFixed(2),
        ]),
      ]),
    );

    const details = results[1]!;
    const ratio = details.product.rps / details.bare.rps;
    if (serverUrl) {
      console.log(
        `\nTarget (details call at ${targetRatio} or more of the bare route on PostgreSQL): ${ratio >= targetRatio ? 'MET' : 'NOT MET'} (${ratio.toFixed(2)})`,
      );
    } else {
      console.log(
        `\nTarget (details call at ${targetRatio} or more of the bare route) applies to PostgreSQL: set DATABASE_URL. On PGlite the ratio is ${ratio.toFixed(2)}.`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error('cleanup failed:', error));
  }
};

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
