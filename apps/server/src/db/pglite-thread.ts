/**
 * The embedded database in a worker thread (pglite-worker.ts), behind the part of PGlite's interface
 * drizzle's pglite driver uses: `query`, `exec`, `transaction`, `close`, `closed`. The server's event loop
 * only posts statements and receives rows; Postgres's work happens on the worker's thread.
 *
 * - Parsers cannot cross a thread boundary: types the caller brings parsers for come back as
 *   Postgres's text and are parsed here, everything else is parsed by PGlite in the worker as usual
 *   (timestamps and dates stay drizzle's strings, json arrives as objects), so results are the same as
 *   PGlite's in this thread.
 * - Rows cross by structured clone.
 * - A transaction is a logical session in the worker: while one is open, other statements wait in
 *   PGlite's queue there, so waiting never blocks this thread.
 * - Postgres's errors come back as PGlite's DatabaseError with the same fields (code, constraint, ...).
 * - The worker holds the process open only while a statement is in flight, as an idle database in
 *   this thread would not.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { workerEntry } from '../services/worker-entry';
import type { SerializedError, SessionId, WorkerOptions, WorkerReady, WorkerReply, WorkerRequest } from './pglite-protocol';

type Parsers = NonNullable<QueryOptions['parsers']>;
/** PGlite calls a parser with the value and its type. */
type Parser = (value: string, typeId: number) => unknown;

export type PgliteThreadTransaction = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Results[]>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

export type PgliteThread = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Results[]>;
  transaction: <T>(callback: (tx: PgliteThreadTransaction) => Promise<T>) => Promise<T>;
  readonly closed: boolean;
  /** Waits for statements already sent, checkpoints an on-disk database, closes it and ends the worker. */
  close: () => Promise<void>;
};

const errorOf = (serialized: SerializedError): Error => {
  const error =
    serialized.length === undefined
      ? new Error(serialized.message)
      : new protocol.messages.DatabaseError(serialized.message, serialized.length, serialized.name as never);
  return Object.assign(error, serialized.fields);
};

/** Applies the caller's parsers to the columns PGlite left as text for them. */
const parseRaw = <T>(result: Results<T>, parsers: Parsers | undefined, rowMode: 'array' | 'object'): Results<T> => {
  if (!parsers) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID] as Parser | undefined;
    return parser ? [{ key: rowMode === 'array' ? index : field.name, parser, type: field.dataTypeID }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parser, type } of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parser(value as string, type);
    }
  }
  return result;
};

const closeTimeoutMs = 30_000;

// The server's TypeScript libraries declare WebAssembly's types but not the global object.
const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } }).WebAssembly;
let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite compiles its Postgres once per thread and keeps it; a worker would compile it again each
 * time (seconds on a busy machine). Compiled here once (off this thread, by V8) and handed to each worker.
 */
const postgresModule = () => {
  compiled ??= (async () => {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return wasm.compile(await fs.readFile(path.join(path.dirname(pglite), 'pglite.wasm')));
  })();
  return compiled;
};

type Unsent = WorkerRequest extends infer Request ? (Request extends unknown ? Omit<Request, 'id'> : never) : never;

export const openPgliteThread = async ({ dataDir }: { dataDir?: string }): Promise<PgliteThread> => {
  const entry = workerEntry(import.meta.url, 'pglite-worker');
  const workerData: WorkerOptions = { dataDir, wasmModule: await postgresModule() };
  const worker = new Worker(entry.source, { eval: entry.eval, workerData });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextSession = 1;
  let closed = false;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    closed = true;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };

  // Only our own listeners are removed: Worker keeps internal ones of its own.
  const starting = { message: (_: WorkerReady) => {}, error: (_: Error) => {}, exit: (_: number) => {} };
  await new Promise<void>((ready, failed) => {
    starting.message = (message) => (message.ready ? ready() : failed(errorOf(message.error)));
    starting.error = failed;
    starting.exit = (code) => failed(new Error(`The embedded database's worker stopped while starting (exit code ${code})`));
    for (const [event, listener] of Object.entries(starting)) worker.once(event, listener);
  })
    .catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    })
    .finally(() => {
      for (const [event, listener] of Object.entries(starting)) worker.off(event, listener);
    });
  worker.unref();

  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(errorOf(reply.error));
  });
  worker.on('error', (error) =>
    fail(new Error(`The embedded database's worker failed: ${error instanceof Error ? error.message : String(error)}`)),
  );
  const stopped = (code: number) => fail(new Error(`The embedded database's worker stopped (exit code ${code})`));
  worker.on('exit', stopped);

  const send = <T = void>(request: Unsent): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  const queryOn =
    (session: SessionId) =>
    async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> => {
      if (options.serializers || options.blob || options.onNotice) {
        throw new Error('The embedded database in its worker takes rowMode, parsers and paramTypes only');
      }
      const rowMode = options.rowMode ?? 'object';
      const result = await send<Results<T>>({
        op: 'query',
        session,
        sql,
        params,
        rowMode,
        rawTypes: Object.keys(options.parsers ?? {}).map(Number),
        paramTypes: options.paramTypes,
      });
      return parseRaw(result, options.parsers, rowMode);
    };

  const execOn = (session: SessionId) => (sql: string) => send<Results[]>({ op: 'exec', session, sql });

  const closedError = () => new Error('The database is closed');

  return {
    query: (sql, params, options) => (closed ? Promise.reject(closedError()) : queryOn(0)(sql, params, options)),
    exec: (sql) => (closed ? Promise.reject(closedError()) : execOn(0)(sql)),
    transaction: async (callback) => {
      if (closed) throw closedError();
      const session = nextSession++;
      await send({ op: 'begin', session });
      let ended = false;
      const assertOpen = () => {
        if (ended) throw new Error('Transaction is closed');
      };
      const query = queryOn(session);
      const exec = execOn(session);
      const tx: PgliteThreadTransaction = {
        query: async (sql, params, options) => {
          assertOpen();
          return query(sql, params, options);
        },
        exec: async (sql) => {
          assertOpen();
          return exec(sql);
        },
        rollback: async () => {
          assertOpen();
          ended = true;
          await send({ op: 'end', session, commit: false });
        },
        get closed() {
          return ended;
        },
      };
      try {
        const result = await callback(tx);
        if (!ended) {
          ended = true;
          await send({ op: 'end', session, commit: true });
        }
        return result;
      } catch (error) {
        if (!ended) {
          ended = true;
          await send({ op: 'end', session, commit: false }).catch(() => undefined);
        }
        throw error;
      }
    },
    get closed() {
      return closed;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const timer = setTimeout(() => void worker.terminate(), closeTimeoutMs);
      try {
        await send({ op: 'close' });
      } finally {
        clearTimeout(timer);
        worker.off('exit', stopped);
        await worker.terminate();
      }
    },
  };
};
