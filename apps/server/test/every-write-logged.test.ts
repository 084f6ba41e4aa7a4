import { candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { candidateImport } from '@app/contract/resources/crm/candidate-import';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unloggedColumns, unloggedTables } from '../src/engine/unlogged-writes';
import { aCandidate, aUniquePhone } from './support/candidates';
import { call, startTestApp, type TestApp } from './support/test-app';
import { anOrganisation, aStaffMember, aWorld, unique, type World } from './support/world';

/**
 * Every row written during a broad run of calls, with the transaction that wrote it: a trigger on
 * every table of the schema records it, so a write no code path meant to log is seen all the same.
 */
const watchWrites = async (t: TestApp) => {
  const { db } = t.app.database;
  await db.execute(
    sql`create table if not exists test_written (table_name text not null, op text not null, row jsonb not null, old jsonb, tx bigint not null)`,
  );
  await db.execute(
    sql.raw(`create or replace function test_note_write() returns trigger language plpgsql as $$
    begin
      insert into test_written values (TG_TABLE_NAME, TG_OP, to_jsonb(coalesce(NEW, OLD)), case when TG_OP = 'UPDATE' then to_jsonb(OLD) end, txid_current());
      return null;
    end $$`),
  );
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() and tablename <> 'test_written' and left(tablename, 2) <> '__'`,
  )) as unknown as { rows?: { tablename: string }[] } | { tablename: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? [])).map((row) => row.tablename);
  for (const name of names) {
    await db.execute(sql.raw(`drop trigger if exists test_note_write on "${name}"`));
    await db.execute(
      sql.raw(
        `create trigger test_note_write after insert or update or delete on "${name}" for each row execute function test_note_write()`,
      ),
    );
  }
  return names;
};

type Written = { table_name: string; op: string; row: Record<string, unknown>; old: Record<string, unknown> | null };

/** The columns an update changed, besides the time it was made. */
const changedColumns = (write: Written) =>
  Object.keys(write.row).filter((key) => key !== 'updated_at' && JSON.stringify(write.row[key]) !== JSON.stringify(write.old?.[key]));

/**
 * The writes with no entity-log entry for their row in their own transaction, but for the tables
 * and columns declared unlogged (unlogged-writes.ts): "table op" and how many.
 */
const unloggedWrites = async (t: TestApp) => {
  const result = (await t.app.database.db.execute(sql`
    select w.table_name, w.op, w.row, w.old
    from test_written w
    where not exists (
      select 1 from test_written l
      where l.table_name = 'entity_logs' and l.op = 'INSERT' and l.tx = w.tx and l.row->>'entity_id' = w.row->>'id'
    )`)) as unknown as { rows: Written[] };
  const counts: Record<string, number> = {};
  for (const write of result.rows) {
    if (write.table_name in unloggedTables) continue;
    const exempt = unloggedColumns[write.table_name]?.columns ?? [];
    if (write.op === 'UPDATE' && changedColumns(write).every((column) => exempt.includes(column))) continue;
    const key = `${write.table_name} ${write.op}${write.op === 'UPDATE' ? ` (${changedColumns(write).join(', ')})` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

let t: TestApp;
let w: World;
let watched: string[];
beforeAll(async () => {
  t = await startTestApp();
  // The test's own people are made first (some straight in the database); the calls below are watched.
  w = await aWorld(t.app);
  watched = await watchWrites(t);
});
afterAll(() => t.close());

describe('every write is logged', () => {
  it('a broad run of calls leaves an entity-log entry for each row it writes, in the same transaction, or the table says why not', async () => {
    const organisation = await anOrganisation(t.app, w.root);
    const token = organisation.adminToken;
    const colleague = await aStaffMember(t.app, token);
    const a = await aCandidate(t.app, token);
    const b = await aCandidate(t.app, token);
    await call(t.app, candidate.calls.update, { _id: a._id, about: 'Updated' }, token);
    const steps = [
      await call(t.app, crmNote.calls.create, { note: 'About b', relatedTo: [{ _id: b._id, entityType: 'Candidate' }] }, token),
      await call(t.app, task.calls.create, { title: unique('Call '), relatedTo: [{ _id: b._id, entityType: 'Candidate' }] }, token),
      await call(
        t.app,
        { method: 'PUT' as const, path: candidate.calls.list.path.replace(/list$/, 'bulk') },
        { ids: [a._id], action: 'assign-owner', value: colleague.id },
        token,
      ),
      await call(
        t.app,
        candidateImport,
        {
          csv: `Name,Email,Phone\r\nRosalind ${unique('Franklin')},${unique('rf')}@example.com,${aUniquePhone()}\r\n`,
          mapping: { Name: 'name', Email: 'email', Phone: 'phone' },
          dryRun: false,
        },
        token,
      ),
    ];
    for (const step of steps) expect(step.status, step.body.message).toBe(200);
    const merged = await call(t.app, mergeCandidates, { survivorId: a._id, mergedId: b._id }, token);
    expect(merged.status, merged.body.message).toBe(200);
    expect(await unloggedWrites(t)).toEqual({});
  });

  it('every exemption names a table of the schema and says why', () => {
    for (const [table, why] of Object.entries(unloggedTables)) {
      expect(watched, table).toContain(table);
      expect(why.length, table).toBeGreaterThan(20);
    }
    for (const [table, { why }] of Object.entries(unloggedColumns)) {
      expect(watched, table).toContain(table);
      expect(why.length, table).toBeGreaterThan(20);
    }
  });
});
