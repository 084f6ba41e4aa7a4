/**
 * The soak (issue 35 point 2): `npx tsx bench/soak.ts` (under `nice -n 10` on a shared machine).
 *
 * Starts the product server (bench/product-server.ts, one process) on the embedded database in a
 * fresh temporary data directory, seeds it as bench/run.ts does (two organisations and their
 * staff), then for BENCH_SOAK_MINUTES (60) sends a capped mix of reads (lists, searches and details
 * of candidates, tasks, notes and staff) and writes (creates and updates of candidates, tasks and
 * notes) at BENCH_SOAK_RATE requests a second (20) over BENCH_SOAK_CONNECTIONS (4). At the end it
 * checks that the server is the process it started (never died, so never restarted), counts the
 * answers by status, and reads every acknowledged write back. It prints a summary and exits 1 when a
 * check fails (a 5xx, a failed request, a lost write, the server gone).
 *
 * Runs on the Node that runs it, with its flags: the point is the server without --no-wasm-code-gc,
 * so it refuses to start when that flag is in force.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { seed } from './seed';
import { benchConfig, type Child, type DatabaseTarget, startChild } from './shared';

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const minutes = numberFromEnv('BENCH_SOAK_MINUTES', 60);
const rate = numberFromEnv('BENCH_SOAK_RATE', 20);
const connections = Math.floor(numberFromEnv('BENCH_SOAK_CONNECTIONS', 4));
const wasmFlag = '--no-wasm-code-gc';

type Kind = 'candidate' | 'task' | 'note';
/** A record the server acknowledged writing, with what its last acknowledged write set. */
type Written = { kind: Kind; id: string; expected: Record<string, unknown> };
type Answer = { status: number; body: { data?: any; message?: string } | undefined };

const detailsPath: Record<Kind, string> = { candidate: '/api/candidate/details', task: '/api/task/details', note: '/api/note/details' };
const listPath: Record<Kind, string> = { candidate: '/api/candidate/list', task: '/api/task/list', note: '/api/note/list' };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** The server's answer over IPC, or undefined when it has none within 10 s (a dead server answers nothing). */
const within = <T>(asked: Promise<T>) => Promise.race([asked, sleep(10_000).then(() => undefined)]);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const soak = async (server: Child, token: string) => {
  const statuses = new Map<string, Map<number, number>>();
  const failures = new Map<string, number>();
  const samples: string[] = [];
  const written: Record<Kind, Written[]> = { candidate: [], task: [], note: [] };
  // A record is written by one request at a time, so its last acknowledged write is the one to find.
  const busy = new Set<string>();
  const unacknowledged: Record<Kind, number> = { candidate: 0, task: 0, note: 0 };
  let sent = 0;
  let serial = 0;

  const request = async (name: string, method: 'POST' | 'PUT', url: string, body: unknown): Promise<Answer | undefined> => {
    sent += 1;
    try {
      const response = await fetch(server.url + url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const byStatus = statuses.get(name) ?? new Map<number, number>();
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      statuses.set(name, byStatus);
      if (response.status !== 200 && samples.length < 20) samples.push(`${name} ${response.status}: ${text.slice(0, 300)}`);
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    } catch (error) {
      failures.set(name, (failures.get(name) ?? 0) + 1);
      if (samples.length < 20) samples.push(`${name} failed: ${(error as Error).message}`);
      return undefined;
    }
  };

  const someWritten = (kind: Kind) => {
    const free = written[kind].filter((record) => !busy.has(record.id));
    return free.length ? pick(free) : undefined;
  };
  const aCandidate = () => someWritten('candidate');
  const relatedTo = () => {
    const candidate = aCandidate();
    return candidate ? [{ _id: candidate.id, entityType: 'Candidate' }] : [];
  };

  const create = async (kind: Kind, url: string, body: Record<string, unknown>, expected: Record<string, unknown>) => {
    const answer = await request(`create ${kind}`, 'POST', url, body);
    if (answer?.status === 200) written[kind].push({ kind, id: answer.body?.data?._id as string, expected });
    else if (!answer || answer.status >= 500) unacknowledged[kind] += 1;
  };
  const update = async (kind: Kind, url: string, change: Record<string, unknown>) => {
    const record = someWritten(kind);
    if (!record) return;
    busy.add(record.id);
    try {
      const answer = await request(`update ${kind}`, 'PUT', url, { _id: record.id, ...change });
      if (answer?.status === 200) record.expected = { ...record.expected, ...change };
    } finally {
      busy.delete(record.id);
    }
  };

  const newCandidate = () => {
    serial += 1;
    const n = `${process.pid}${serial}`;
    const email = `soak.${n}@example.com`;
    // Unique per candidate: a shared email or phone is a 409 (a possible duplicate).
    const phone = `+44 7${String(serial).padStart(9, '0')}`;
    return create(
      'candidate',
      '/api/candidate/',
      { name: { first: pick(['Grace', 'Alan', 'Ada', 'Linus']), last: `Soak${serial}` }, email, phone, about: 'Soak candidate' },
      { email, about: 'Soak candidate' },
    );
  };
  const newTask = () => {
    serial += 1;
    const title = `Soak task ${serial}`;
    return create(
      'task',
      '/api/task/',
      { title, priority: pick(['LOW', 'MEDIUM', 'HIGH']), relatedTo: relatedTo() },
      { title, status: 'TODO' },
    );
  };
  const newNote = () => {
    serial += 1;
    const note = `Soak note ${serial}: called, left a message`;
    return create('note', '/api/note/', { note, relatedTo: relatedTo() }, { note });
  };

  const details = (kind: Kind) => {
    const record = someWritten(kind);
    return record ? request(`details ${kind}`, 'POST', detailsPath[kind], { _id: record.id }) : undefined;
  };
  // Weights: about 70% reads, 30% writes.
  const operations: [number, () => Promise<unknown> | undefined][] = [
    [10, () => request('list candidate', 'POST', listPath.candidate, { page: pick([1, 2, 3]), limit: 20 })],
    [8, () => request('search candidate', 'POST', listPath.candidate, { search: pick(['grace', 'soak1', 'alan', 'nurse', 'example']) })],
    [12, () => details('candidate')],
    [6, () => request('list task', 'POST', listPath.task, { limit: 20, filter: { status: pick(['TODO', 'IN_PROGRESS', 'DONE']) } })],
    [6, () => details('task')],
    [6, () => request('list note', 'POST', listPath.note, { filter: { relatedTo: aCandidate()?.id } })],
    [6, () => details('note')],
    [6, () => request('search staff', 'POST', '/api/organisation/staff/list', { search: pick(['smith', 'anna', 'recruiter']) })],
    [10, () => request('search note', 'POST', listPath.note, { search: pick(['message', 'called', 'soak']) })],
    [6, newCandidate],
    [5, () => update('candidate', '/api/candidate/', { about: `Updated ${++serial}` })],
    [5, newTask],
    [5, () => update('task', '/api/task/', { title: `Soak task renamed ${++serial}`, status: pick(['TODO', 'IN_PROGRESS', 'DONE']) })],
    [5, newNote],
    [4, () => update('note', '/api/note/', { note: `Soak note edited ${++serial}` })],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  const anyOperation = () => {
    let at = Math.random() * totalWeight;
    for (const [weight, operation] of operations) {
      at -= weight;
      if (at < 0) return operation();
    }
    return undefined;
  };

  let serverGone: string | undefined;
  const pid = server.process.pid;
  server.process.once('exit', (code, signal) => {
    serverGone = `server process ${pid} exited (code ${code}, signal ${signal})`;
  });

  // Something to read from the start.
  for (let i = 0; i < 20; i++) await newCandidate();
  for (let i = 0; i < 10; i++) await Promise.all([newTask(), newNote()]);

  const cpuBefore = await server.cpu();
  const memory: { minute: number; rss: number; heapUsed: number }[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  const interval = (connections * 1000) / rate;
  const worker = async () => {
    while (Date.now() < end && !serverGone) {
      const at = Date.now();
      await anyOperation();
      await sleep(Math.max(0, at + interval - Date.now()));
    }
  };
  const watch = async () => {
    while (Date.now() < end && !serverGone) {
      await sleep(Math.min(60_000, Math.max(0, end - Date.now())));
      if (serverGone) break;
      const used = await within(server.memory());
      if (!used) continue;
      const minute = Math.round((Date.now() - started) / 60_000);
      memory.push({ minute, ...used });
      const bad = [...statuses.values()].reduce(
        (sum, byStatus) => sum + [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
        0,
      );
      console.log(
        `  ${minute} min: ${sent} requests, ${bad} 5xx, ${[...failures.values()].reduce((a, b) => a + b, 0)} failed; ` +
          `${written.candidate.length} candidates, ${written.task.length} tasks, ${written.note.length} notes; ` +
          `server rss ${(used.rss / 2 ** 20).toFixed(0)} MB, heap ${(used.heapUsed / 2 ** 20).toFixed(0)} MB; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  };
  await Promise.all([...Array.from({ length: connections }, worker), watch()]);
  const seconds = (Date.now() - started) / 1000;
  const sentUnderLoad = sent;
  const alive = !serverGone && server.process.exitCode === null && server.process.signalCode === null;
  const cpuUsed = alive ? ((await within(server.cpu())) ?? cpuBefore) - cpuBefore : 0;

  // Every acknowledged write read back: the record is there with what its last acknowledged write set.
  const lost: string[] = [];
  let checked = 0;
  if (alive) {
    const records = [...written.candidate, ...written.task, ...written.note];
    const checkOne = async (record: Written) => {
      const answer = await request(`read back ${record.kind}`, 'POST', detailsPath[record.kind], { _id: record.id });
      checked += 1;
      const data = answer?.body?.data as Record<string, unknown> | undefined;
      const wrong = Object.entries(record.expected).filter(([key, value]) => data?.[key] !== value);
      if (answer?.status !== 200 || wrong.length > 0) {
        lost.push(
          `${record.kind} ${record.id}: ${answer?.status ?? 'no answer'} ${wrong.map(([key, value]) => `${key} ${JSON.stringify(data?.[key])} not ${JSON.stringify(value)}`).join(', ')}`,
        );
      }
    };
    for (let i = 0; i < records.length; i += connections) await Promise.all(records.slice(i, i + connections).map(checkOne));
    // And nothing more than was sent: each list's total is the acknowledged creates (plus any unacknowledged that landed).
    for (const kind of ['candidate', 'task', 'note'] as const) {
      const answer = await request(`count ${kind}`, 'POST', listPath[kind], { limit: 1 });
      const total = answer?.body?.data?.totalResults as number | undefined;
      if (total === undefined || total < written[kind].length || total > written[kind].length + unacknowledged[kind]) {
        lost.push(`${kind} list total ${total}, acknowledged creates ${written[kind].length} (+${unacknowledged[kind]} unacknowledged)`);
      }
    }
  }
  return {
    seconds,
    sent,
    sentUnderLoad,
    statuses,
    failures,
    samples,
    written,
    unacknowledged,
    alive,
    serverGone,
    pid,
    cpuUsed,
    memory,
    lost,
    checked,
  };
};

const main = async () => {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (flags.includes(wasmFlag)) throw new Error(`The soak measures the server without ${wasmFlag}: run it without that flag`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-soak-'));
  const target: DatabaseTarget = { dataDir: path.join(root, 'data') };
  let server: Child | undefined;
  let failed = true;
  try {
    console.log(
      `Soak: Node ${process.version} (${process.execPath}), execArgv ${JSON.stringify(process.execArgv)}, NODE_OPTIONS ${JSON.stringify(process.env.NODE_OPTIONS ?? '')}; ` +
        `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; embedded database in ${target.dataDir}; ` +
        `${minutes} min at up to ${rate} req/s over ${connections} connections`,
    );
    const app = await buildApp({ config: benchConfig(target) });
    await app.ready();
    const seeded = await seed(app, { staff: 200, otherStaff: 20 });
    await app.close();
    server = await startChild('product', 'product-server.ts', target);
    console.log(`Seeded; product server process ${server.process.pid} at ${server.url}`);

    const result = await soak(server, seeded.token);
    const answers = [...result.statuses].sort(([a], [b]) => a.localeCompare(b));
    const fiveHundreds = answers.reduce(
      (sum, [, byStatus]) => sum + [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
      0,
    );
    const others = answers.reduce(
      (sum, [, byStatus]) => sum + [...byStatus].filter(([s]) => s !== 200 && s < 500).reduce((n, [, c]) => n + c, 0),
      0,
    );
    const failedRequests = [...result.failures.values()].reduce((a, b) => a + b, 0);
    const writes = result.written.candidate.length + result.written.task.length + result.written.note.length;
    const rss = result.memory.map((m) => m.rss / 2 ** 20);

    console.log(
      `\nSoak summary (${(result.seconds / 60).toFixed(1)} min, ${result.sentUnderLoad} requests, ${(result.sentUnderLoad / result.seconds).toFixed(1)} req/s, then ${result.sent - result.sentUnderLoad} to read back and count):`,
    );
    for (const [name, byStatus] of answers) {
      const counts = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      console.log(`  ${name.padEnd(20)} ${counts.join(', ')}${result.failures.get(name) ? `, failed: ${result.failures.get(name)}` : ''}`);
    }
    for (const sample of result.samples) console.log(`  ! ${sample}`);
    console.log(
      `Server process ${result.pid}: ${result.alive ? 'the same process throughout, still running' : (result.serverGone ?? 'not running')}` +
        (result.alive
          ? `; ${((result.cpuUsed / 1e6 / result.seconds) * 100).toFixed(0)}% of a core, ${(result.cpuUsed / Math.max(1, result.sentUnderLoad)).toFixed(0)} µs CPU per request`
          : ''),
    );
    if (rss.length)
      console.log(
        `Server memory: rss ${rss[0]!.toFixed(0)} MB after the first minute, ${Math.max(...rss).toFixed(0)} MB at most, ${rss.at(-1)!.toFixed(0)} MB at the end`,
      );
    console.log(`Answers: ${fiveHundreds} 5xx, ${others} other non-200, ${failedRequests} requests with no answer`);
    console.log(
      `Writes: ${writes} records acknowledged (${result.written.candidate.length} candidates, ${result.written.task.length} tasks, ${result.written.note.length} notes); ` +
        `${result.checked} read back, ${result.lost.length} missing or different`,
    );
    for (const line of result.lost.slice(0, 20)) console.log(`  ! ${line}`);
    failed = !result.alive || fiveHundreds > 0 || failedRequests > 0 || result.lost.length > 0;
    console.log(`\nSoak ${failed ? 'FAILED' : 'PASSED'}`);
  } finally {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
};

await main();
