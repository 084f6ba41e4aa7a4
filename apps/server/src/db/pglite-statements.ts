/**
 * Named prepared statements for PGlite, kept by SQL text. PGlite's own `query()` parses, describes and
 * plans every statement on every call, in five calls into Postgres; a statement seen before is here
 * bound and executed in one call (the server's prepared statements, as node-postgres uses by name),
 * which about halves the time of a small query. Results are parsed as `query()` parses them, with
 * PGlite's parsers, but looked up once per column rather than copying every parser for every query.
 * Types in `rawTypes` are left as Postgres's text.
 *
 * `run` and `forget` must be called where PGlite's `query()` would hold its locks: the caller provides
 * them. The least recently used statements are closed beyond `max`. A statement that changes the
 * schema (create, alter, drop) forgets every kept statement, since one whose result columns changed
 * would fail (and, inside a transaction, fail the transaction); a kept statement found stale anyway
 * is prepared afresh and, outside a transaction, run again.
 */
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

export type RunOptions = { rowMode: 'array' | 'object'; rawTypes: number[]; paramTypes?: number[] };

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

/** The rows a command reports, as PGlite counts them. */
const affectedRowsOf = (tag: string) => {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second!, 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') return Number.parseInt(first!, 10);
  return 0;
};

/** One statement's result from its messages, the same as PGlite's `query()` answers it. */
const resultOf = (pg: PGlite, messages: BackendMessage[], { rowMode, rawTypes }: RunOptions): Results => {
  const result: Results = { rows: [], fields: [], affectedRows: 0 };
  let parsers: ((value: string, type: number) => unknown)[] = [];
  for (const message of messages) {
    // By name, as PGlite's own parser tells the messages apart.
    if (message.name === 'rowDescription') {
      const { fields } = message as InstanceType<typeof protocol.messages.RowDescriptionMessage>;
      result.fields = fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      parsers = result.fields.map(({ dataTypeID }) =>
        rawTypes.includes(dataTypeID) ? (value) => value : (pg.parsers[dataTypeID] ?? ((value) => value)),
      );
    } else if (message.name === 'dataRow') {
      const { fields } = message as InstanceType<typeof protocol.messages.DataRowMessage>;
      const values = fields.map((value, index) => (value === null ? null : parsers[index]!(value, result.fields[index]!.dataTypeID)));
      result.rows.push(
        rowMode === 'array' ? values : Object.fromEntries(values.map((value, index) => [result.fields[index]!.name, value])),
      );
    } else if (message.name === 'commandComplete') {
      result.affectedRows = affectedRowsOf((message as InstanceType<typeof protocol.messages.CommandCompleteMessage>).text);
    }
  }
  return result;
};

/** PGlite's errors carry the statement and its parameters, as `query()`'s do. */
const withQuery = (error: unknown, query: string, params: unknown[]) => {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query, params });
  return error;
};

/** True when the SQL (one statement or several) creates, alters or drops something. */
export const changesSchema = (sql: string) => /(^|;)\s*(alter|create|drop)\s/i.test(sql);

export type StatementCache = {
  run: (sql: string, params: unknown[], options: RunOptions, retry: boolean) => Promise<Results>;
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

  const run = async (sql: string, params: unknown[], options: RunOptions, retry: boolean): Promise<Results> => {
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
      const result = resultOf(pg, messages, options);
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
