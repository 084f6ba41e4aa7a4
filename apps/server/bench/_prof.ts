import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { seed } from './seed';
import { benchConfig } from './shared';

const which = process.argv[2] ?? 'details';
const file = process.argv[3] ?? 'product-server.ts';
const serverUrl = 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_prof_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const target = { databaseUrl: url, dataDir: '/tmp/benchprof' };
const app = await buildApp({ config: benchConfig(target) });
const seeded = await seed(app, { staff: 2000, otherStaff: 300 });
await app.close();
fs.rmSync('/tmp/prof', { recursive: true, force: true });
const child = fork(path.join(import.meta.dirname, file), [], {
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_DATA_DIR: '/tmp/benchprof' },
  execArgv: [...process.execArgv, ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
});
const port: number = await new Promise((r) => child.once('message', (m: any) => r(m.port)));
const calls: Record<string, any> = {
  me: { method: 'GET', path: '/api/auth/me' },
  details: { method: 'POST', path: '/api/organisation/staff/details', body: JSON.stringify({ _id: seeded.staffId }) },
};
const c = calls[which];
const opts = { url: `http://127.0.0.1:${port}${c.path}`, method: c.method, body: c.body, headers: { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' }, connections: Number(process.env.CONN ?? 32) };
await autocannon({ ...opts, duration: 2 });
const r = await autocannon({ ...opts, duration: Number(process.env.DUR ?? 10) });
console.log(which, file, (r['2xx'] / r.duration).toFixed(0), 'req/s', r.latency.p50, r.latency.p99, 'non2xx', r.non2xx);
child.send('stop');
await new Promise((r) => child.once('exit', r));
await admin.query(`drop database ${name} with (force)`);
await admin.end();
process.exit(0);
