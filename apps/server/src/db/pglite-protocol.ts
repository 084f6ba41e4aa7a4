/** Messages between the embedded database's worker thread (pglite-worker.ts) and its client (pglite-thread.ts). */

/** Which logical session a statement runs on: 0 outside any transaction, otherwise the transaction's number. */
export type SessionId = number;

export type WorkerOptions = {
  dataDir?: string;
  /** PGlite's Postgres, compiled once per process and shared by every worker started in it. */
  wasmModule?: WebAssembly.Module;
};

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      session: SessionId;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types the worker leaves as Postgres's text: the caller parses them with its own parsers. */
      rawTypes: number[];
      paramTypes?: number[];
    }
  | { id: number; op: 'exec'; session: SessionId; sql: string }
  | { id: number; op: 'begin'; session: SessionId }
  | { id: number; op: 'end'; session: SessionId; commit: boolean }
  | { id: number; op: 'close' };

/** A database error's fields (code, detail, constraint, ...), carried as plain data across the thread boundary. */
export type SerializedError = {
  message: string;
  name: string;
  /** Set for Postgres's own errors (pg-protocol's DatabaseError). */
  length?: number;
  fields: Record<string, unknown>;
};

export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

export type WorkerReady = { ready: true } | { ready: false; error: SerializedError };
