import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { type Config, readConfig } from '../src/config';
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
