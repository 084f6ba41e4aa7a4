import { callLog } from '@app/contract/resources/crm/call-log';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { candidateInput } from './support/candidates';
import { mailTo } from './support/outbox';
import { call, type Envelope, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const made = async (promise: Promise<{ status: number; body: Envelope }>) => {
  const { status, body } = await promise;
  expect(status, body.message).toBe(200);
  return body.data;
};

const aClient = (input: Record<string, unknown> = {}, token = w.orgA.adminToken) =>
  made(call(t.app, client.calls.create!, { name: unique('Acme '), email: `${unique('talent')}@acme.example`, ...input }, token));

const aContact = (token = w.orgA.adminToken) =>
  made(
    call(
      t.app,
      contact.calls.create!,
      { profile: { name: { first: 'Cleo', last: unique('Caller') }, email: `${unique('cleo')}@acme.example` } },
      token,
    ),
  );

/** A staff member holding these features' permissions (all at scope ALL). */
const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE' | 'FULL' }[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, { first: unique('Tess'), roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

describe('a client’s page fields', () => {
  it('keep the website and industries, and answer the owner by name', async () => {
    const acme = await aClient({ website: 'https://acme.example', industries: ['Healthcare', 'Logistics'] });
    const details = await made(call(t.app, client.calls.details!, { _id: acme._id }, w.orgA.adminToken));
    expect(details).toMatchObject({ website: 'https://acme.example', industries: ['Healthcare', 'Logistics'] });
    expect(details.owner).toEqual({ _id: details.ownerId, label: expect.stringContaining('Ada') });
    const changed = await made(
      call(t.app, client.calls.update!, { _id: acme._id, website: null, industries: ['Retail'] }, w.orgA.adminToken),
    );
    expect(changed).toMatchObject({ website: null, industries: ['Retail'] });
  });

  it('refuse a website that is no address, an owner sent on update, another organisation (404) and other user types (403)', async () => {
    const refused = await call(
      t.app,
      client.calls.create!,
      { name: 'Acme', email: 'talent@acme.example', website: 'acme' },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please enter the website’s address, such as https://example.com');
    const acme = await aClient();
    const owner = await call(t.app, client.calls.update!, { _id: acme._id, ownerId: acme._id }, w.orgA.adminToken);
    expect(owner.status).toBe(400);
    expect((await call(t.app, client.calls.update!, { _id: acme._id, website: 'https://b.example' }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, client.calls.update!, { _id: acme._id, website: 'https://b.example' }, w.seeker.token)).status).toBe(403);
  });
});

describe('call logs with a time, a duration and an outcome', () => {
  it('take when the call was (now unless said), how long it lasted and how it ended, newest call first', async () => {
    const person = await aContact();
    const before = Date.now();
    const now = await made(
      call(
        t.app,
        callLog.calls.create!,
        { title: 'Just now', contactIds: [person._id], durationMinutes: 12, outcome: 'CONNECTED' },
        w.orgA.adminToken,
      ),
    );
    expect(new Date(now.calledAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toMatchObject({ durationMinutes: 12, outcome: 'CONNECTED' });
    const earlier = await made(
      call(
        t.app,
        callLog.calls.create!,
        { title: 'Last week', contactIds: [person._id], calledAt: '2024-03-04T09:30:00.000Z', outcome: 'LEFT_VOICEMAIL' },
        w.orgA.adminToken,
      ),
    );
    expect(earlier.calledAt).toBe('2024-03-04T09:30:00.000Z');
    const list = await made(call(t.app, callLog.calls.list!, { filter: { contactIds: person._id } }, w.orgA.adminToken));
    expect(list.results.map((row: { title: string }) => row.title)).toEqual(['Just now', 'Last week']);
    const byOutcome = await made(
      call(t.app, callLog.calls.list!, { filter: { contactIds: person._id, outcome: 'LEFT_VOICEMAIL' } }, w.orgA.adminToken),
    );
    expect(byOutcome.results.map((row: { _id: string }) => row._id)).toEqual([earlier._id]);
  });

  it('say what is wrong with a duration, an outcome or a time', async () => {
    const person = await aContact();
    const cases: [Record<string, unknown>, string][] = [
      [{ durationMinutes: -1 }, 'Duration must be a whole number of minutes from 0 to 1440'],
      [{ durationMinutes: 2.5 }, 'Duration must be a whole number of minutes from 0 to 1440'],
      [{ durationMinutes: 'ten' }, 'Duration must be a whole number of minutes from 0 to 1440'],
      [{ outcome: 'HUNG_UP_ANGRILY' }, 'Outcome must be CONNECTED, LEFT_VOICEMAIL, NO_ANSWER, BUSY or WRONG_NUMBER'],
      [{ calledAt: 'yesterday' }, 'Invalid date'],
    ];
    for (const [input, message] of cases) {
      const refused = await call(t.app, callLog.calls.create!, { title: 'x', contactIds: [person._id], ...input }, w.orgA.adminToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });
});

describe('notes and tasks linked to a record from their forms', () => {
  it('link to a record the caller may read, and answer one they may not read as not found', async () => {
    const person = await made(call(t.app, candidate.calls.create!, candidateInput(), w.orgA.adminToken));
    const notesOnly = await staffWith([
      { feature: 'CrmNote', level: 'WRITE' },
      { feature: 'Task', level: 'WRITE' },
    ]);
    const reader = await staffWith([
      { feature: 'CrmNote', level: 'WRITE' },
      { feature: 'Task', level: 'WRITE' },
      { feature: 'Candidate', level: 'READ' },
    ]);
    const link = [{ _id: person._id, entityType: 'Candidate' }];
    const note = await call(t.app, crmNote.calls.create!, { note: 'Strong on Python', relatedTo: link }, notesOnly.token);
    expect(note.status).toBe(404);
    expect(note.body.message).toBe('Candidate not found');
    const job = await call(t.app, task.calls.create!, { title: 'Call back', relatedTo: link }, notesOnly.token);
    expect(job.status).toBe(404);
    const linked = await made(call(t.app, crmNote.calls.create!, { note: 'Strong on Python', relatedTo: link }, reader.token));
    expect(linked.relatedTo).toEqual([{ _id: person._id, entityType: 'Candidate', itemId: person.itemId }]);
    const later = await made(call(t.app, task.calls.create!, { title: 'Call back' }, reader.token));
    const relinked = await made(call(t.app, task.calls.update!, { _id: later._id, relatedTo: link }, reader.token));
    expect(relinked.relatedTo).toEqual([{ _id: person._id, entityType: 'Candidate', itemId: person.itemId }]);
    const theirs = await aClient({}, w.orgB.adminToken);
    const elsewhere = await call(
      t.app,
      task.calls.update!,
      { _id: later._id, relatedTo: [{ _id: theirs._id, entityType: 'Client' }] },
      reader.token,
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('Client not found');
  });
});

describe('an assigned task', () => {
  it('mails its assignee on create and on reassignment with a link to it, never the one assigning themselves', async () => {
    const ann = await staffWith([{ feature: 'Task', level: 'WRITE' }]);
    const bob = await staffWith([{ feature: 'Task', level: 'WRITE' }]);
    const created = await made(
      call(t.app, task.calls.create!, { title: 'Chase references for Mateo', assigneeIds: [ann.id], priority: 'HIGH' }, w.orgA.adminToken),
    );
    const [toAnn] = await mailTo(t.app, ann.email);
    expect(toAnn?.subject).toMatch(/assigned you a task: Chase references for Mateo$/);
    expect(toAnn?.text).toContain(`/crm/tasks?open=${created._id}`);
    expect(toAnn?.text).toContain('Priority: HIGH');
    expect(toAnn?.kind).toBe('TASK_ASSIGNED');

    // A change that keeps the assignees mails no one again; adding Bob mails Bob only.
    await made(call(t.app, task.calls.update!, { _id: created._id, title: 'Chase references for Mateo Patel' }, w.orgA.adminToken));
    await made(call(t.app, task.calls.update!, { _id: created._id, assigneeIds: [ann.id, bob.id] }, w.orgA.adminToken));
    expect(await mailTo(t.app, ann.email)).toHaveLength(1);
    expect(await mailTo(t.app, bob.email)).toHaveLength(1);

    // Bob taking a task for himself is told nothing.
    const own = await made(call(t.app, task.calls.create!, { title: 'My own follow-up', assigneeIds: [bob.id] }, bob.token));
    await made(call(t.app, task.calls.update!, { _id: own._id, assigneeIds: [bob.id] }, bob.token));
    expect(await mailTo(t.app, bob.email)).toHaveLength(1);
  });

  it('mails no one when the write is refused: another organisation’s staff (404), a client user (403)', async () => {
    const theirs = await aStaffMember(t.app, w.orgB.adminToken);
    const refused = await call(t.app, task.calls.create!, { title: 'x', assigneeIds: [theirs.id] }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
    expect(await mailTo(t.app, theirs.email)).toEqual([]);
    const ours = await staffWith([{ feature: 'Task', level: 'WRITE' }]);
    const acme = await aClient();
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: acme._id });
    expect((await call(t.app, task.calls.create!, { title: 'x', assigneeIds: [ours.id] }, clientUser.token)).status).toBe(403);
    expect(await mailTo(t.app, ours.email)).toEqual([]);
  });
});
