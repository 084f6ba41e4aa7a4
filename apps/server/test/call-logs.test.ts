import { callLog } from '@app/contract/resources/crm/call-log';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { logsOf } from './support/entity-log';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aClient = async (token = w.orgA.adminToken) => {
  const { body } = await call(t.app, client.calls.create!, { name: unique('Acme '), email: `${unique('talent')}@acme.example` }, token);
  return body.data as { _id: string };
};

const aContact = async (token = w.orgA.adminToken) => {
  const { status, body } = await call(
    t.app,
    contact.calls.create!,
    { profile: { name: { first: 'Cleo', last: unique('Caller') }, email: `${unique('cleo')}@acme.example` } },
    token,
  );
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; profile: { name: { fullName: string } } };
};

const aCall = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, callLog.calls.create!, { title: unique('Intro call '), ...input }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; direction: string; itemId: { combined: string } };
};

/** A staff member with the Call Log permission, and READ on the features in `reads` (contacts, to name them). */
const staffWith = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL' = 'ALL', reads: string[] = []) => {
  const permissions = await Promise.all([
    permissionId(t.app, w.root, { feature: 'Call Log', level, scope }),
    ...reads.map((feature) => permissionId(t.app, w.root, { feature, level: 'READ' })),
  ]);
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

describe('call logs', () => {
  it('log a call with its contacts (answered by name), numbers, direction and related records', async () => {
    const person = await aContact();
    const acme = await aClient();
    const made = await aCall({
      contactIds: [person._id],
      contactNumbers: ['+447700900777'],
      direction: 'INBOUND',
      comments: 'Wants two engineers by March.',
      relatedTo: [{ _id: acme._id, entityType: 'Client' }],
    });
    expect(made.itemId.combined).toMatch(/^CAL-\d+$/);
    expect(made.direction).toBe('INBOUND');
    const details = await call(t.app, callLog.calls.details!, { _id: made._id }, w.orgA.adminToken);
    expect(details.body.data.contacts).toEqual([{ _id: person._id, label: person.profile.name.fullName }]);
    const byContact = await call(t.app, callLog.calls.list!, { filter: { contactIds: person._id } }, w.orgA.adminToken);
    expect(byContact.body.data.results.map((row: { _id: string }) => row._id)).toEqual([made._id]);
    const updated = await call(t.app, callLog.calls.update!, { _id: made._id, comments: 'Now three engineers.' }, w.orgA.adminToken);
    expect(updated.status).toBe(200);
    expect((await logsOf(t.app, made._id)).map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
    expect((await call(t.app, callLog.calls.remove!, { _id: made._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await call(t.app, callLog.calls.details!, { _id: made._id }, w.orgA.adminToken)).status).toBe(404);
  });

  it('answer the spec’s messages: at least 1 contact id, a title, valid ids and direction', async () => {
    for (const body of [{ title: 'No one' }, { title: 'No one', contactIds: [] }]) {
      const refused = await call(t.app, callLog.calls.create!, body, w.orgA.adminToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Call log needs at least 1 contact id');
    }
    const person = await aContact();
    const noTitle = await call(t.app, callLog.calls.create!, { contactIds: [person._id] }, w.orgA.adminToken);
    expect(noTitle.body.message).toBe('Please provide a title.');
    const badId = await call(t.app, callLog.calls.create!, { title: 'x', contactIds: ['nope'] }, w.orgA.adminToken);
    expect(badId.body.message).toBe('contactId must be a valid mongoId');
    const badDirection = await call(
      t.app,
      callLog.calls.create!,
      { title: 'x', contactIds: [person._id], direction: 'SIDEWAYS' },
      w.orgA.adminToken,
    );
    expect(badDirection.body.message).toBe('Direction must be INBOUND or OUTBOUND');
    const made = await aCall({ contactIds: [person._id] });
    const emptied = await call(t.app, callLog.calls.update!, { _id: made._id, contactIds: [] }, w.orgA.adminToken);
    expect(emptied.body.message).toBe('Call log needs at least 1 contact id');
  });

  it('refuse another organisation’s contact (404) and are 404 to another organisation', async () => {
    const theirs = await aContact(w.orgB.adminToken);
    const refused = await call(t.app, callLog.calls.create!, { title: 'x', contactIds: [theirs._id] }, w.orgA.adminToken);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Contact not found');
    const made = await aCall({ contactIds: [(await aContact())._id] });
    expect((await call(t.app, callLog.calls.details!, { _id: made._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, callLog.calls.update!, { _id: made._id, title: 'Mine' }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, callLog.calls.remove!, { _id: made._id }, w.orgB.adminToken)).status).toBe(404);
  });

  it('are for staff only, by the Call Log permission and its scope', async () => {
    const person = await aContact();
    const theirs = await aCall({ contactIds: [person._id] });
    const acme = await aClient();
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: acme._id });
    for (const token of [clientUser.token, w.seeker.token, w.staffA.token]) {
      expect((await call(t.app, callLog.calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, callLog.calls.create!, { title: 'x', contactIds: [person._id] }, token)).status).toBe(403);
    }
    const viewer = await staffWith('READ');
    expect((await call(t.app, callLog.calls.details!, { _id: theirs._id }, viewer.token)).status).toBe(200);
    expect((await call(t.app, callLog.calls.update!, { _id: theirs._id, title: 'No' }, viewer.token)).status).toBe(403);
    const own = await staffWith('FULL', 'OWN', ['Contact']);
    const mine = await aCall({ contactIds: [person._id] }, own.token);
    const list = await call(t.app, callLog.calls.list!, { limit: 'ALL' }, own.token);
    expect(list.body.data.results.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    expect((await call(t.app, callLog.calls.remove!, { _id: theirs._id }, own.token)).status).toBe(404);
    expect((await call(t.app, callLog.calls.remove!, { _id: mine._id }, own.token)).status).toBe(200);
  });
});
