import { candidate } from '@app/contract/resources/crm/candidate';
import { candidateImport } from '@app/contract/resources/crm/candidate-import';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates } from '../src/db/schema/candidates';
import { entityLogs } from '../src/db/schema/services';
import { aCandidate } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const bulk = { method: 'PUT' as const, path: '/candidate/bulk' };

/** `count` new candidates of organisation A whose emails carry `batch`, made by an import; their ids. */
const manyCandidates = async (howMany: number, batch: string) => {
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const lines = Array.from({ length: howMany }, (_, i) => `Bulk ${batch} ${i},${batch}-${i}@example.com,+44 7${base + i}`);
  const imported = await call(
    t.app,
    candidateImport,
    {
      csv: `Full name,E-mail,Mobile\r\n${lines.join('\r\n')}\r\n`,
      mapping: { 'Full name': 'name', 'E-mail': 'email', Mobile: 'phone' },
      dryRun: false,
    },
    w.orgA.adminToken,
  );
  expect(imported.body.data.created).toBe(howMany);
  const rows = await t.app.database.db
    .select({ id: candidates.id, email: candidates.email })
    .from(candidates)
    .where(like(candidates.email, `${batch}-%`));
  return rows;
};

const liveCount = async (batch: string) => {
  const [row] = await t.app.database.db
    .select({ n: count() })
    .from(candidates)
    .where(and(like(candidates.email, `${batch}-%`), eq(candidates.isDeleted, false)));
  return row?.n ?? 0;
};

describe('bulk calls in short transactions (issue 26)', () => {
  it('deletes hundreds of records a batch at a time, each with its log entry, answering as before', async () => {
    const batch = unique('bulkdel');
    const made = await manyCandidates(300, batch);
    const { status, body } = await call(t.app, bulk, { matching: { search: batch }, action: 'delete' }, w.orgA.adminToken);
    expect(status).toBe(200);
    expect(body.data).toEqual({ changed: 300 });
    expect(body.message).toBe('300 records updated');
    expect(await liveCount(batch)).toBe(0);
    const [logged] = await t.app.database.db
      .select({ n: count() })
      .from(entityLogs)
      .where(
        and(
          eq(entityLogs.action, 'DELETE'),
          inArray(
            entityLogs.entityId,
            made.map((row) => row.id),
          ),
        ),
      );
    expect(logged?.n).toBe(300);
  });

  it('another organisation’s details call is answered while a large bulk delete is still writing', async () => {
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const batch = unique('bulkstall');
    await manyCandidates(400, batch);
    const deleting = call(t.app, bulk, { matching: { search: batch }, action: 'delete' }, w.orgA.adminToken);
    let finished = false;
    void deleting.then(() => {
      finished = true;
    });
    // Wait until some rows are deleted but not all: a read got in between two batches.
    let left = 400;
    while (!finished && left === 400) left = await liveCount(batch);
    const details = await call(t.app, candidate.calls.details, { _id: theirs._id }, w.orgB.adminToken);
    const between = finished;
    expect(details.status).toBe(200);
    expect(between).toBe(false);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(400);
    expect((await deleting).body.data).toEqual({ changed: 400 });
  });

  it('a batch the database refuses stops the call there: the records before it stay changed, the answer lists the rest', async () => {
    const batch = unique('bulkrefused');
    const made = await manyCandidates(200, batch);
    // Bulk calls go newest first: the first imported is in the last batch.
    const refused = made.find((row) => row.email === `${batch}-0@example.com`)?.id as string;
    const { db } = t.app.database;
    await db.execute(
      sql.raw(`create or replace function test_refuse_status() returns trigger language plpgsql as $$
        begin if new.id = '${refused}' and new.status is distinct from old.status then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await db.execute(sql`create trigger test_refuse_status before update on candidates for each row execute function test_refuse_status()`);
    try {
      const { status, body } = await call(
        t.app,
        bulk,
        { ids: made.map((row) => row.id), action: 'set-status', value: 'INACTIVE' },
        w.orgA.adminToken,
      );
      expect(status).toBe(200);
      const { changed, notChanged, stopped } = body.data as { changed: number; notChanged: string[]; stopped: string };
      expect(changed).toBeGreaterThan(0);
      expect(changed + notChanged.length).toBe(200);
      expect(notChanged).toContain(refused);
      expect(stopped).toBe(`Stopped after ${changed} records: the database refused a change; ${notChanged.length} not changed`);
      expect(body.message).toBe(stopped);
      const rows = await db
        .select({ id: candidates.id, status: candidates.status })
        .from(candidates)
        .where(like(candidates.email, `${batch}-%`));
      const inactive = new Set(rows.filter((row) => row.status === 'INACTIVE').map((row) => row.id));
      expect(inactive.size).toBe(changed);
      for (const id of notChanged) expect(inactive.has(id)).toBe(false);
    } finally {
      await db.execute(sql`drop trigger test_refuse_status on candidates`);
      await db.execute(sql`drop function test_refuse_status()`);
    }
  });

  it('refused in its first batch, the call fails as before with nothing changed', async () => {
    const batch = unique('bulkfirst');
    const made = await manyCandidates(3, batch);
    const { db } = t.app.database;
    const refused = made[0]?.id as string;
    await db.execute(
      sql.raw(`create or replace function test_refuse_first() returns trigger language plpgsql as $$
        begin if new.id = '${refused}' and new.is_deleted then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await db.execute(sql`create trigger test_refuse_first before update on candidates for each row execute function test_refuse_first()`);
    try {
      const { status } = await call(t.app, bulk, { ids: made.map((row) => row.id), action: 'delete' }, w.orgA.adminToken);
      expect(status).toBe(500);
      expect(await liveCount(batch)).toBe(3);
    } finally {
      await db.execute(sql`drop trigger test_refuse_first on candidates`);
      await db.execute(sql`drop function test_refuse_first()`);
    }
  });
});
