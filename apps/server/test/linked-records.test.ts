import { client } from '@app/contract/resources/crm/client';
import { linkedRecords } from '@app/contract/resources/crm/linked-records';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Linked = { entityType: string; _id: string; label: string | null; createdAt: string; itemId?: { combined: string } | null };

const aClient = async (token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, client.calls.create!, { name: unique('Acme '), email: `${unique('c')}@acme.example` }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string };
};

const create = async (spec: typeof task.calls.create, input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, spec!, input, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string };
};

const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE'; scope?: 'OWN' | 'ALL' }[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, {
    roleIds: permissions.length ? [await roleOf(t.app, w.orgA.adminToken, permissions)] : [],
  });
};

const linkedTo = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, linkedRecords, input, token);
  expect(status, body.message).toBe(200);
  return body.data as { results: Linked[]; totalResults: number; totalPages: number; page: number };
};

/** The SQL statements the database client was sent while `work` ran. */
const statementsDuring = async (work: () => Promise<unknown>) => {
  const client = (t.app.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    seen.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
};

describe('linked records', () => {
  it('answer the notes and tasks whose relatedTo names the record, newest first, paged', async () => {
    const acme = await aClient();
    const other = await aClient();
    const about = [{ entityType: 'Client', _id: acme._id }];
    const note = await create(crmNote.calls.create as never, { note: 'Met the hiring manager', relatedTo: about });
    const first = await create(task.calls.create, { title: 'Send the shortlist', relatedTo: about });
    await create(task.calls.create, { title: 'Unrelated', relatedTo: [{ entityType: 'Client', _id: other._id }] });
    const latest = await create(task.calls.create, {
      title: 'Book the interviews',
      relatedTo: [...about, { entityType: 'Client', _id: other._id }],
    });
    const gone = await create(crmNote.calls.create as never, { note: 'Deleted later', relatedTo: about });
    expect((await call(t.app, crmNote.calls.remove!, { _id: gone._id }, w.orgA.adminToken)).status).toBe(200);

    const all = await linkedTo({ entityType: 'Client', _id: acme._id, limit: 'ALL' });
    expect(all.results.map((r) => [r.entityType, r._id])).toEqual([
      ['Task', latest._id],
      ['Task', first._id],
      ['CrmNote', note._id],
    ]);
    expect(all.totalResults).toBe(3);
    expect(all.results[0]).toMatchObject({ label: 'Book the interviews', itemId: { combined: expect.stringMatching(/^TSK-/) } });
    expect(all.results[2]?.label).toBe('Met the hiring manager');

    const second = await linkedTo({ entityType: 'Client', _id: acme._id, page: 2, limit: 2 });
    expect(second.results.map((r) => r._id)).toEqual([note._id]);
    expect(second).toMatchObject({ totalResults: 3, totalPages: 2, page: 2 });

    // Links work from any record: the task's own linked records (none), a note's.
    expect((await linkedTo({ entityType: 'Task', _id: first._id })).results).toEqual([]);
  });

  it('run as one SQL statement', async () => {
    const acme = await aClient();
    await create(task.calls.create, { title: 'Counted', relatedTo: [{ entityType: 'Client', _id: acme._id }] });
    await linkedTo({ entityType: 'Client', _id: acme._id }); // the caller's permissions, cached
    const statements = await statementsDuring(() => linkedTo({ entityType: 'Client', _id: acme._id }));
    // The session and caller lookups are every call's; the job queue claims work in the background meanwhile.
    const ours = statements.filter((text) => !/"sessions"|from "users"|"job_queue"/.test(text));
    expect(ours, statements.join('\n')).toHaveLength(1);
    expect(ours[0]).toMatch(/union all/);
  });

  it('include only the resources the caller may READ, within their scope', async () => {
    const acme = await aClient();
    const about = [{ entityType: 'Client', _id: acme._id }];
    // Each may read the client: its linked records are asked of it, and a task may name only a record its writer may read.
    const taskReader = await staffWith([
      { feature: 'Task', level: 'READ' },
      { feature: 'Client', level: 'READ' },
    ]);
    const ownTasks = await staffWith([
      { feature: 'Task', level: 'WRITE', scope: 'OWN' },
      { feature: 'Client', level: 'READ' },
    ]);
    const nothing = await staffWith([{ feature: 'Client', level: 'READ' }]);
    const note = await create(crmNote.calls.create as never, { note: 'Private', relatedTo: about });
    const anyone = await create(task.calls.create, { title: 'Anyone', relatedTo: about });
    const theirs = await create(task.calls.create, { title: 'Theirs', relatedTo: about }, ownTasks.token);
    const assigned = await create(task.calls.create, { title: 'Assigned', relatedTo: about, assigneeIds: [ownTasks.id] });

    const ids = async (token: string) =>
      (await linkedTo({ entityType: 'Client', _id: acme._id, limit: 'ALL' }, token)).results.map((r) => r._id);
    expect(await ids(w.orgA.adminToken)).toEqual([assigned._id, theirs._id, anyone._id, note._id]);
    expect(await ids(taskReader.token)).toEqual([assigned._id, theirs._id, anyone._id]);
    expect(await ids(ownTasks.token)).toEqual([assigned._id, theirs._id]);
    expect(await ids(nothing.token)).toEqual([]);
  });

  it('answer a record out of the caller’s scope exactly as one that does not exist', async () => {
    const ownClients = await staffWith([
      { feature: 'Client', level: 'WRITE', scope: 'OWN' },
      { feature: 'Task', level: 'READ' },
    ]);
    const noClients = await staffWith([{ feature: 'Task', level: 'READ' }]);
    const acme = await aClient();
    const mine = await aClient(ownClients.token);
    await create(task.calls.create, { title: 'About Acme', relatedTo: [{ entityType: 'Client', _id: acme._id }] });
    await create(task.calls.create, { title: 'About mine', relatedTo: [{ entityType: 'Client', _id: mine._id }] });
    const answer = async (_id: string, token: string) => {
      const { status, body } = await call(t.app, linkedRecords, { entityType: 'Client', _id }, token);
      return { status, body };
    };
    // Before, the admin's client answered its tasks to a caller whose own calls 404 it.
    const missing = await answer(newId(), ownClients.token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Client not found');
    expect(await answer(acme._id, ownClients.token)).toEqual(missing);
    expect(await answer(acme._id, noClients.token)).toEqual(missing);
    expect(await answer(newId(), noClients.token)).toEqual(missing);
    const own = await linkedTo({ entityType: 'Client', _id: mine._id }, ownClients.token);
    expect(own.results.map((r) => r.label)).toEqual(['About mine']);
  });

  it('404 another organisation’s record, 400 an unknown type, 403 other user types', async () => {
    const acme = await aClient();
    await create(task.calls.create, { title: 'Ours', relatedTo: [{ entityType: 'Client', _id: acme._id }] });
    const foreign = await call(t.app, linkedRecords, { entityType: 'Client', _id: acme._id }, w.orgB.adminToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Client not found');
    const unknown = await call(t.app, linkedRecords, { entityType: 'Spaceship', _id: acme._id }, w.orgA.adminToken);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown related entity type "Spaceship"');
    expect((await call(t.app, linkedRecords, { entityType: 'Client', _id: 'nope' }, w.orgA.adminToken)).status).toBe(400);
    expect((await call(t.app, linkedRecords, { entityType: 'Client', _id: acme._id }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, linkedRecords, { entityType: 'Client', _id: acme._id })).status).toBe(401);
  });
});
