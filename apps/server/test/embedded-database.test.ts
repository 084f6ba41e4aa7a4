import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { startTestApp, type TestApp } from './support/test-app';

// The embedded database runs in a worker thread; on PostgreSQL there is nothing of it to check.
const embedded = !process.env.TEST_DATABASE_URL;

let t: TestApp;
let database: Database;
beforeAll(async () => {
  if (!embedded) return;
  t = await startTestApp();
  database = await openDatabase({});
  await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
});
afterAll(async () => {
  if (!embedded) return;
  await t.close();
  await database.close();
});

/** The rows of a raw statement (the shared Db type leaves `execute`'s result to the driver). */
const rowsOf = async <T>(query: PromiseLike<unknown>) => ((await query) as { rows: T[] }).rows;

/** Settles to `true` once `promise` has, so a test can see whether it is still waiting. */
const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
};

it('answers other requests while a slow query runs (the query keeps only the database thread busy)', async () => {
  if (!embedded) return;
  const slowQuery = t.app.database.db.execute(sql`select pg_sleep(1)`).then(() => 'slept');
  const slow = settled(slowQuery);
  const answered = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answered.statusCode).toBe(200);
  // On the server's own thread the sleep would have held this request until it ended.
  expect(slow.done).toBe(false);
  expect(await slowQuery).toBe('slept');
});

it('keeps other statements waiting, without blocking, while a transaction is open, and they see what it committed', async () => {
  if (!embedded) return;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inside: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => (inside = resolve));
  const transaction = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into notes (id, body) values (1, 'kept')`);
    inside();
    await gate;
  });
  await begun;
  const count = rowsOf<{ count: number }>(database.db.execute(sql`select count(*)::int as count from notes`));
  const waiting = settled(count);
  // Timers still fire (the event loop is free) while the count waits for the transaction.
  await sleep(50);
  expect(waiting.done).toBe(false);
  release();
  await transaction;
  expect(await count).toEqual([{ count: 1 }]);
});

it('rolls back a failed transaction and passes on Postgres error fields (code, constraint)', async () => {
  if (!embedded) return;
  const failing = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into notes (id, body) values (2, 'never kept')`);
    await tx.execute(sql`insert into notes (id, body) values (1, 'duplicate')`);
  });
  const error = await failing.then(
    () => undefined,
    (thrown: { cause?: { code?: string; constraint?: string } }) => thrown,
  );
  expect(error?.cause?.code).toBe('23505');
  expect(error?.cause?.constraint).toBe('notes_pkey');
  const rows = await rowsOf(database.db.execute(sql`select id, body from notes order by id`));
  expect(rows).toEqual([{ id: 1, body: 'kept' }]);
});

it('returns the same types as PGlite on the server thread (json as objects, timestamps for drizzle to map)', async () => {
  if (!embedded) return;
  const rows = await rowsOf<Record<string, unknown>>(
    database.db.execute(
      sql`select '{"a":[1,"two"]}'::jsonb as doc, timestamptz '2026-01-02 03:04:05+00' as at, 9::int8 as big, '\\x0102'::bytea as bytes`,
    ),
  );
  expect(rows[0]!.doc).toEqual({ a: [1, 'two'] });
  // drizzle asks for timestamps as Postgres's text and maps them to Date per column itself.
  expect(rows[0]!.at).toBe('2026-01-02 03:04:05+00');
  expect(rows[0]!.big).toBe(9);
  expect(rows[0]!.bytes).toEqual(new Uint8Array([1, 2]));
});

it('answers the new shape of a table after it changes, inside a transaction too (statements are kept prepared)', async () => {
  if (!embedded) return;
  const select = sql`select * from notes where id = ${1}`;
  expect(await rowsOf(database.db.execute(select))).toEqual([{ id: 1, body: 'kept' }]);
  const inside = await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table notes add column pinned boolean not null default false`);
    return rowsOf(tx.execute(select));
  });
  expect(inside).toEqual([{ id: 1, body: 'kept', pinned: false }]);
  await database.db.execute(sql`alter table notes drop column pinned`);
  expect(await rowsOf(database.db.execute(select))).toEqual([{ id: 1, body: 'kept' }]);
});

it('finishes statements already sent when closed, and refuses new ones after', async () => {
  if (!embedded) return;
  const closing = await openDatabase({});
  // drizzle's query runs when first awaited (and again on every await): once, here.
  const sent = rowsOf(closing.db.execute(sql`select 42 as answer from pg_sleep(0.2)`));
  const answer = settled(sent);
  await sleep(0);
  await closing.close();
  expect(answer.done).toBe(true);
  expect(await sent).toEqual([{ answer: 42 }]);
  await expect(closing.db.execute(sql`select 1`)).rejects.toThrow();
});
