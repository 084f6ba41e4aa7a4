/**
 * Named prepared statements for PGlite, kept by SQL text. PGlite's own `query()` parses, describes and
 * plans every statement on every call, in five calls into Postgres; a statement seen before is here
 * bound and executed in one call (the server's prepared statements, as node-postgres uses by name),
 * which about halves the time of a small query. Results are parsed by PGlite's own parser, the same as
 * `query()` returns.
 *
 * `run` and `forget` must be called where PGlite's `query()` would hold its locks: the caller provides
 * them. The least recently used statements are closed beyond `max`. A statement that changes the
 * schema (create, alter, drop) forgets every kept statement, since one whose result columns changed
 * would fail (and, inside a transaction, fail the transaction); a kept statement found stale anyway
 * is prepared afresh and, outside a transaction, run again.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

type Statement = { name: string; paramTypes: number[] };

/** Postgres's answers when a kept statement no longer fits: the table it reads changed shape, or it was deallocated. */
const isStale = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && Boolean(message?.includes('cached plan must not change result type')));
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** PGlite's errors carry the statement and its parameters, as `query()`'s do. */
const withQuery = (error: unknown, query: string, params: unknown[]) => {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query, params });
  return error;
};

/** True when the SQL (one statement or several) creates, alters or drops something. */
export const changesSchema = (sql: string) => /(^|;)\s*(alter|create|drop)\s/i.test(sql);

export type StatementCache = {
  run: <T>(sql: string, params: unknown[], options: QueryOptions, retry: boolean) => Promise<Results<T>>;
  /** Closes every kept statement. */
  forget: () => Promise<void>;
};

export const createStatementCache = (pg: PGlite, { max = 500 }: { max?: number } = {}): StatementCache => {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const send = async (parts: Uint8Array[]) => (await pg.execProtocol(concat([...parts, serialize.sync()]), { syncToFs: false })).messages;

  const prepare = async (sql: string, paramTypes: number[] = []) => {
    const key = paramTypes.length > 0 ? `${paramTypes.join(',')}\u0000${sql}` : sql;
    const kept = statements.get(key);
    if (kept) {
      // Most recently used last.
      statements.delete(key);
      statements.set(key, kept);
      return { key, statement: kept };
    }
    const name = `pglite_thread_${++counter}`;
    const messages = await send([serialize.parse({ name, text: sql, types: paramTypes }), serialize.describe({ type: 'S', name })]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(key, statement);
    if (statements.size > max) {
      const [oldestKey, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestKey);
      // Refused inside a failed transaction: then it stays allocated, unused, which harms nothing.
      await send([serialize.close({ type: 'S', name: oldest.name })]).catch(() => undefined);
    }
    return { key, statement };
  };

  const forget = async () => {
    const names = [...statements.values()].map(({ name }) => name);
    statements.clear();
    if (names.length === 0) return;
    // Refused inside a failed transaction: then they stay allocated, unused, which harms nothing.
    await send(names.map((name) => serialize.close({ type: 'S', name }))).catch(() => undefined);
  };

  const run = async <T>(sql: string, params: unknown[], options: QueryOptions, retry: boolean): Promise<Results<T>> => {
    let key: string | undefined;
    try {
      const prepared = await prepare(sql, options.paramTypes);
      key = prepared.key;
      const { name, paramTypes } = prepared.statement;
      // Parameters become text as PGlite's query() makes them: its serializer for the parameter's type, else toString.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[paramTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await send([
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ]);
      const result = parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
      if (changesSchema(sql)) await forget();
      return result;
    } catch (error) {
      if (key && isStale(error)) {
        statements.delete(key);
        // Outside a transaction nothing was done: prepared afresh, the statement runs as asked.
        if (retry) return run(sql, params, options, false);
      }
      throw withQuery(error, sql, params);
    }
  };

  return { run, forget };
};
