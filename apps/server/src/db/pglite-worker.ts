/**
 * The embedded database's worker thread: PGlite (Postgres compiled to WASM) runs here, so a slow query
 * keeps this thread busy instead of the server's event loop. pglite-thread.ts starts it and speaks
 * pglite-protocol.ts with it.
 *
 * Messages are handled as they arrive, not one by one: PGlite's own locks serialise them. A statement
 * outside a transaction waits (in PGlite's queue) while a transaction is open, exactly as PGlite's
 * `query()` does; a statement of the open transaction runs inside it. A transaction begins on `begin`
 * and stays open, inside PGlite's `transaction()`, until its `end` arrives. Queries run as named
 * prepared statements (pglite-statements.ts).
 */

import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SerializedError, SessionId, WorkerOptions, WorkerReady, WorkerReply, WorkerRequest } from './pglite-protocol';
import { changesSchema, createStatementCache, type StatementCache } from './pglite-statements';

const port = parentPort!;
const { dataDir, wasmModule } = workerData as WorkerOptions;

const serializeError = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  // Postgres's fields (code, detail, constraint, ...) and PGlite's query and params; not queryOptions (functions).
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'queryOptions' && key !== 'length' && key !== 'name' && typeof value !== 'function') fields[key] = value;
  }
  const length = (error as { length?: unknown }).length;
  return { message: error.message, name: error.name, length: typeof length === 'number' ? length : undefined, fields };
};

type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> };

let pg: PGlite;
let statements: StatementCache;
const transactions = new Map<SessionId, OpenTransaction>();
const inFlight = new Set<Promise<unknown>>();
let closing = false;

const handleOf = (session: SessionId) => {
  if (session === 0) return pg;
  const open = transactions.get(session);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
};

/** Under the locks PGlite's `query()` takes: outside a transaction both, and the data written out after. */
const query = async (request: Extract<WorkerRequest, { op: 'query' }>) => {
  const options = { rowMode: request.rowMode, rawTypes: request.rawTypes, paramTypes: request.paramTypes };
  if (request.session !== 0) {
    handleOf(request.session);
    return pg._runExclusiveQuery(() => statements.run(request.sql, request.params, options, false));
  }
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const result = await statements.run(request.sql, request.params, options, true);
      await pg.syncToFs();
      return result;
    }),
  );
};

const begin = (session: SessionId) =>
  new Promise<void>((began, failed) => {
    let end: (commit: boolean) => void = () => undefined;
    const endRequested = new Promise<boolean>((resolve) => (end = resolve));
    let finished!: (error?: unknown) => void;
    const ended = new Promise<void>((resolve, reject) => (finished = (error) => (error === undefined ? resolve() : reject(error))));
    pg.transaction(async (tx) => {
      // Queued behind another transaction when close began: never opened, so close need not wait for it.
      if (closing) throw new Error('The database is closed');
      transactions.set(session, { tx, end, ended });
      began();
      if (!(await endRequested)) await tx.rollback();
    }).then(
      () => {
        transactions.delete(session);
        finished();
      },
      (error: unknown) => {
        const wasOpen = transactions.delete(session);
        // Failing to begin answers `begin`; failing at COMMIT answers `end`.
        if (wasOpen) finished(error ?? new Error('Transaction failed'));
        else failed(error);
      },
    );
  });

const end = async (session: SessionId, commit: boolean) => {
  const open = transactions.get(session);
  if (!open) throw new Error('Transaction is closed');
  open.end(commit);
  await open.ended;
};

const close = async () => {
  closing = true;
  for (const open of transactions.values()) open.end(false);
  await Promise.allSettled([...inFlight]);
  if (pg.closed) return;
  // A clean data directory: the next start need not replay the write-ahead log.
  if (dataDir) await pg.exec('CHECKPOINT');
  await pg.close();
};

const run = async (request: WorkerRequest): Promise<unknown> => {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await query(request);
      return { rows, fields, affectedRows };
    }
    case 'exec': {
      const results = await handleOf(request.session).exec(request.sql);
      if (changesSchema(request.sql)) await pg._runExclusiveQuery(() => statements.forget());
      return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    }
    case 'begin':
      return begin(request.session);
    case 'end':
      return end(request.session, request.commit);
    case 'close':
      return close();
  }
};

port.on('message', (request: WorkerRequest) => {
  if (closing && request.op !== 'close') {
    port.postMessage({ id: request.id, ok: false, error: serializeError(new Error('The database is closed')) } satisfies WorkerReply);
    return;
  }
  const running = run(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies WorkerReply),
  );
  if (request.op === 'close') return;
  inFlight.add(running);
  void running.finally(() => inFlight.delete(running));
});

try {
  // The extensions the migrations create (the candidate search's trigram index).
  pg = await PGlite.create({ dataDir, wasmModule, extensions: { pg_trgm, btree_gin } });
  statements = createStatementCache(pg);
  port.postMessage({ ready: true } satisfies WorkerReady);
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) } satisfies WorkerReady);
}
