import { callLog } from '@app/contract/resources/crm/call-log';
import { contact } from '@app/contract/resources/crm/contact';
import { task } from '@app/contract/resources/crm/task';
import { entityLog } from '@app/contract/resources/entity-log';
import { describe, expect, it } from 'vitest';
import { recordNames } from '../src/engine/record-names';
import { aCandidate } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Entry = { action: string; from: unknown; to: unknown; names: Record<string, string> };

const aContact = async (first: string, token = w.orgA.adminToken) => {
  const last = unique('Reader');
  const { status, body } = await call(
    t.app,
    contact.calls.create!,
    { profile: { name: { first, last }, email: `${unique('c')}@acme.example` } },
    token,
  );
  expect(status, body.message).toBe(200);
  return { id: body.data._id as string, name: `${first} ${last}` };
};

const logOf = async (entityId: string) => {
  const { status, body } = await call(t.app, entityLog.calls.list!, { limit: 'ALL', filter: { entityId } }, w.orgA.adminToken);
  expect(status, body.message).toBe(200);
  return Object.fromEntries((body.data.results as Entry[]).map((entry) => [entry.action, entry])) as Record<string, Entry>;
};

describe('audit log: the records a change points at, by name', () => {
  it('names contacts, candidates and staff a change names, before and after, whatever their resource', async () => {
    const first = await aContact('Olive');
    const second = await aContact('Piotr');
    const candidate = await aCandidate(t.app, w.orgA.adminToken);
    const made = await call(
      t.app,
      callLog.calls.create!,
      { title: 'Shortlist call', contactIds: [first.id], relatedTo: [{ _id: candidate._id, entityType: 'Candidate' }] },
      w.orgA.adminToken,
    );
    expect(made.status, made.body.message).toBe(200);
    const updated = await call(t.app, callLog.calls.update!, { _id: made.body.data._id, contactIds: [second.id] }, w.orgA.adminToken);
    expect(updated.status, updated.body.message).toBe(200);

    const entries = await logOf(made.body.data._id);
    expect(entries.CREATE?.names).toMatchObject({ [first.id]: first.name, [candidate._id]: candidate.name.fullName });
    // Before and after: the contact taken off and the one put on.
    expect(entries.UPDATE?.names).toEqual({ [first.id]: first.name, [second.id]: second.name });

    // A task's assignees are staff: named the same way.
    const assignee = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Quinn' });
    const chore = await call(t.app, task.calls.create!, { title: 'Call back', assigneeIds: [assignee.id] }, w.orgA.adminToken);
    expect(chore.status, chore.body.message).toBe(200);
    expect((await logOf(chore.body.data._id)).CREATE?.names).toMatchObject({ [assignee.id]: 'Quinn Staff' });
  });

  it('keeps the name of a record deleted since, and leaves out the record bookkeeping (its own id, its organisation)', async () => {
    const gone = await aContact('Rhea');
    const made = await call(t.app, callLog.calls.create!, { title: 'Intro', contactIds: [gone.id] }, w.orgA.adminToken);
    expect(made.status, made.body.message).toBe(200);
    expect((await call(t.app, contact.calls.remove!, { _id: gone.id }, w.orgA.adminToken)).status).toBe(200);
    const names = (await logOf(made.body.data._id)).CREATE?.names ?? {};
    expect(names).toMatchObject({ [gone.id]: gone.name });
    expect(Object.keys(names)).not.toContain(w.orgA.id);
    expect(Object.keys(names)).not.toContain(made.body.data._id);
  });

  it("never names another organisation's record", async () => {
    const theirs = await aContact('Sven', w.orgB.adminToken);
    const ours = await aContact('Tara');
    const names = await recordNames(t.app.database.db, { ids: [theirs.id, ours.id], organisationId: w.orgA.id });
    expect(names).toEqual({ [ours.id]: ours.name });
  });

  it('is refused to staff without the EntityLog permission', async () => {
    expect((await call(t.app, entityLog.calls.list!, {}, w.staffA.token)).status).toBe(403);
  });
});
