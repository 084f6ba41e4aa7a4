import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare-database';
import { loggerOptions } from './services/logger';
import { readOrCreateSecret } from './services/secret';

/** How long the server processes get to finish their requests after SIGTERM before they are killed. */
const stopTimeoutMs = 30_000;

/** WEB_CONCURRENCY: how many server processes to run; unset, one. */
export const processCount = (value: string | undefined) => {
  if (value === undefined || value.trim() === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes (1 or more), not "${value}"`);
  return count;
};

/**
 * The primary of `npm start` (`WEB_CONCURRENCY=N` processes on PostgreSQL, one on the embedded
 * database): migrates and seeds the database once, then forks N server processes that share the port (node:cluster hands them connections in turn). A process that
 * ends on its own is replaced; one that never got to listen stops the lot, since its replacements
 * would fail alike. SIGTERM or SIGINT is passed on, and the primary ends once every process has
 * finished its requests.
 */
export const runPrimary = async (input: { config: Config; processes: number }) => {
  const { config, processes } = input;
  const log = pino(loggerOptions({ level: config.logLevel }) as pino.LoggerOptions);
  if (!config.databaseUrl && processes > 1) {
    log.fatal(
      `WEB_CONCURRENCY=${processes} needs PostgreSQL (DATABASE_URL): the embedded database is the files of one process. Run one process, or set DATABASE_URL.`,
    );
    process.exit(1);
  }
  // The embedded database is the files of one process: its one server process migrates and seeds it.
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      await prepareDatabase({ db: database.db, config, log });
    } finally {
      await database.close();
    }
  }
  // Every process signs file links and codes with the same key: made once, here, when none is set.
  if (!config.secret) readOrCreateSecret(config.dataDir, false);

  let stopping = false;
  const running = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    worker.on('listening', () => listened.add(worker));
  };
  const stop = (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping every server process');
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('server processes still running after 30 s: killed');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, stopTimeoutMs).unref();
    process.exitCode = code;
  };

  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) process.exit();
      return;
    }
    if (!listened.has(worker)) {
      log.fatal({ pid: worker.process.pid, code, signal }, 'a server process ended before it could serve: stopping');
      stop('startup failure', 1);
      if (running.size === 0) process.exit();
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process ended; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, 1000);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < processes; i += 1) fork();
  log.info(`starting ${processes} server processes on port ${config.port}`);
};
