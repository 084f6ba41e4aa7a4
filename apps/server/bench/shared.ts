import { type ChildProcess, fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { type Config, readConfig } from '../src/config';
import { createFileStore } from '../src/services/files';
import { fileStorageOf } from '../src/services/storage/configured-storage';
import { superAdmin } from './seed';

/** Where a server under test finds its database: a PostgreSQL database, or its own copy of a PGlite data directory. */
export type DatabaseTarget = { databaseUrl?: string; dataDir: string };

/** The product's config for the benchmark: quiet, on loopback, with the super admin the seeding signs in as. */
export const benchConfig = ({ databaseUrl, dataDir }: DatabaseTarget): Config => ({
  ...readConfig({}),
  host: '127.0.0.1',
  port: 0,
  databaseUrl,
  dataDir,
  // On PostgreSQL nothing needs the disk; on PGlite the database is the data directory's copy.
  inMemory: Boolean(databaseUrl),
  appUrl: 'http://127.0.0.1',
  logLevel: 'warn',
  secret: 'bench-secret-not-for-production',
  superAdminEmail: superAdmin.email,
  superAdminPassword: superAdmin.password,
  // Every search goes to the database: the bench measures the search, not the result cache.
  jobSearchCache: false,
});

/** The product's file store as the bench's servers configure it (the search signs company logos' links with it). */
export const benchFileStore = (target: DatabaseTarget) => {
  const config = benchConfig(target);
  return createFileStore({ storage: fileStorageOf(config), secret: config.secret as string, appUrl: config.appUrl });
};

export const targetFromEnv = (): DatabaseTarget => ({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir: process.env.BENCH_DATA_DIR as string,
});

/** A server started by the benchmark in its own process, so it has a core to itself while measured. */
export type Child = {
  name: string;
  url: string;
  process: ChildProcess;
  /** The CPU time (user + system, µs) the server's process has used so far. */
  cpu: () => Promise<number>;
  /** The server process's resident set and V8 heap in use (bytes). */
  memory: () => Promise<MemoryUsed>;
  stop: () => Promise<void>;
};

type Ready = { port: number };
type CpuUsed = { cpu: number };
type MemoryUsed = { rss: number; heapUsed: number };

/** Tells the parent the port once listening, answers its CPU time, and closes cleanly when asked to. */
export const reportReady = (port: number, close: () => Promise<void>) => {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system } satisfies CpuUsed);
    }
    if (message === 'memory') {
      const { rss, heapUsed } = process.memoryUsage();
      process.send?.({ rss, heapUsed } satisfies MemoryUsed);
    }
    if (message === 'stop') void close().finally(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port } satisfies Ready);
};

export const startChild = (name: string, file: string, target: DatabaseTarget, env: Record<string, string> = {}): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, file), [], {
      env: { ...process.env, ...env, BENCH_DATABASE_URL: target.databaseUrl ?? '', BENCH_DATA_DIR: target.dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // BENCH_CPU_PROF=<dir>: each server writes its profiles to <dir>/<name>/ when it stops (the main thread's is CPU.*.0.*).
      execArgv: [
        ...process.execArgv,
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF, name)}`] : []),
      ],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code) => reject(new Error(`${name} server exited with code ${code} before it was ready`)));
    child.once('message', (message: Ready) => {
      resolve({
        name,
        url: `http://127.0.0.1:${message.port}`,
        process: child,
        cpu: () =>
          new Promise((answer) => {
            child.once('message', (used: CpuUsed) => answer(used.cpu));
            child.send('cpu');
          }),
        memory: () =>
          new Promise((answer) => {
            child.once('message', (used: MemoryUsed) => answer(used));
            child.send('memory');
          }),
        stop: async () => {
          if (child.exitCode === null && child.connected) child.send('stop');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        },
      });
    });
  });

/** BENCH_PROCESSES: how many processes each measured server runs, as `WEB_CONCURRENCY=N npm start` does (node:cluster); one by default. */
export const serverProcesses = Math.max(1, Math.floor(Number(process.env.BENCH_PROCESSES) || 1));

/**
 * With BENCH_PROCESSES above one, makes this process a cluster primary that forks that many copies
 * of itself (each listens on the one shared port and reports to it as `reportReady` does) and
 * answers the bench for all of them: the port, their CPU time and memory summed, stop. Answers true
 * in the primary, whose own part ends there; false in a worker, or with one process, which goes on
 * to serve.
 */
export const primaryOfWorkers = async () => {
  if (serverProcesses === 1 || cluster.isWorker) return false;
  const workers: Worker[] = [];
  const ask = <T>(worker: Worker, question: string) =>
    new Promise<T>((answer) => {
      worker.once('message', answer);
      worker.send(question);
    });
  const ports = await Promise.all(
    Array.from({ length: serverProcesses }, () => {
      const worker = cluster.fork(process.env);
      workers.push(worker);
      return new Promise<number>((ready) => worker.once('message', (message: Ready) => ready(message.port)));
    }),
  );
  process.on('message', async (message) => {
    if (message === 'cpu') {
      const used = await Promise.all(workers.map((worker) => ask<CpuUsed>(worker, 'cpu')));
      process.send?.({ cpu: used.reduce((sum, u) => sum + u.cpu, 0) } satisfies CpuUsed);
    }
    if (message === 'memory') {
      const used = await Promise.all(workers.map((worker) => ask<MemoryUsed>(worker, 'memory')));
      process.send?.({
        rss: used.reduce((sum, u) => sum + u.rss, 0),
        heapUsed: used.reduce((sum, u) => sum + u.heapUsed, 0),
      } satisfies MemoryUsed);
    }
    if (message === 'stop') {
      const stopping = workers.map((worker) => {
        if (worker.isDead()) return Promise.resolve();
        const exited = new Promise<void>((done) => worker.once('exit', () => done()));
        worker.send('stop');
        return exited;
      });
      await Promise.all(stopping);
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port: ports[0] as number } satisfies Ready);
  return true;
};
