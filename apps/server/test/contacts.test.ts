import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { contact, generateContact, makePrimaryContact } from '@app/contract/resources/crm/contact';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
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

type ContactRecord = {
  _id: string;
  primary: boolean;
  selfContact: boolean;
  clientId: string | null;
  client: { _id: string; label: string } | null;
  relatedTo: { _id: string; entityType: string }[];
  profile: { name: { first: string; fullName: string }; email: string; contactNumbers?: { number: string }[] };
  itemId: { combined: string };
};

const aClient = async (token = w.orgA.adminToken, name = unique('Acme ')) => {
  const { status, body } = await call(
    t.app,
    client.calls.create!,
    { name, email: `${unique('talent')}@acme.example`, phone: { number: '+447700900123' } },
    token,
  );
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; name: string; email: string };
};

const profile = (first = 'Ada') => ({
  name: { first, last: unique('Lovelace') },
  email: `${unique('ada')}@acme.example`,
  contactNumbers: [{ number: '+447700900777' }],
  designation: 'Head of Talent',
});

const aContact = async (clientId?: string, token = w.orgA.adminToken, extra: Record<string, unknown> = {}) => {
  const relatedTo = clientId ? [{ _id: clientId, entityType: 'Client' }] : [];
  const { status, body } = await call(t.app, contact.calls.create!, { profile: profile(), relatedTo, ...extra }, token);
  expect(status, body.message).toBe(200);
  return body.data as ContactRecord;
};

const staffWith = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL' = 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Contact', level, scope });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
};

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);

describe('contacts', () => {
  it('are numbered CON-n, belong to the Client they are related to and answer it expanded', async () => {
    const acme = await aClient();
    const made = await aContact(acme._id);
    expect(made.itemId.combined).toMatch(/^CON-\d+$/);
    expect(made).toMatchObject({ primary: false, selfContact: false, clientId: acme._id });
    expect(made.profile.name.fullName).toContain('Ada');
    const details = await call(t.app, contact.calls.details!, { _id: made._id }, w.orgA.adminToken);
    expect(details.body.data.client).toEqual({ _id: acme._id, label: acme.name });
    const listed = await call(t.app, contact.calls.list!, { filter: { clientId: acme._id } }, w.orgA.adminToken);
    expect(ids(listed.body.data.results)).toEqual([made._id]);
    const found = await call(t.app, contact.calls.list!, { search: made.profile.email }, w.orgA.adminToken);
    expect(ids(found.body.data.results)).toEqual([made._id]);
    expect((await logsOf(t.app, made._id)).map((row) => row.action)).toEqual(['CREATE']);
  });

  it('answer the spec’s messages for a missing name, email and ids', async () => {
    const noProfile = await call(t.app, contact.calls.create!, {}, w.orgA.adminToken);
    expect(noProfile.status).toBe(400);
    expect(noProfile.body.message).toBe('Please enter your first name.');
    const noFirst = await call(t.app, contact.calls.create!, { profile: { name: {}, email: 'a@b.example' } }, w.orgA.adminToken);
    expect(noFirst.body.message).toBe('Please enter your first name.');
    const noEmail = await call(t.app, contact.calls.create!, { profile: { name: { first: 'Ada' } } }, w.orgA.adminToken);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Please enter email');
    const badId = await call(t.app, contact.calls.details!, { _id: 'nope' }, w.orgA.adminToken);
    expect(badId.body.message).toBe('_id must be a valid mongoId');
    const primaryBadId = await call(
      t.app,
      makePrimaryContact,
      { _id: 'x', relatedTo: { _id: 'y', entityType: 'Client' } },
      w.orgA.adminToken,
    );
    expect(primaryBadId.status).toBe(400);
    expect(primaryBadId.body.message).toBe('_id must be a valid mongoId');
  });

  it('refuse a related client of another organisation (404), and are 404 to another organisation', async () => {
    const theirs = await aClient(w.orgB.adminToken);
    const refused = await call(
      t.app,
      contact.calls.create!,
      { profile: profile(), relatedTo: [{ _id: theirs._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(404);
    const mine = await aContact((await aClient())._id);
    for (const [spec, body] of [
      [contact.calls.details!, { _id: mine._id }],
      [contact.calls.update!, { _id: mine._id, stage: 'Won' }],
      [contact.calls.remove!, { _id: mine._id }],
      [makePrimaryContact, { _id: mine._id, relatedTo: { _id: mine.clientId, entityType: 'Client' } }],
    ] as const) {
      expect((await call(t.app, spec, body, w.orgB.adminToken)).status).toBe(404);
    }
  });

  it('are for staff and client users only (403 to others), and follow the Contact permission', async () => {
    expect((await call(t.app, contact.calls.list!, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, contact.calls.list!, {}, w.staffA.token)).status).toBe(403);
    const theirs = await aContact((await aClient())._id);
    const viewer = await staffWith('READ');
    expect((await call(t.app, contact.calls.details!, { _id: theirs._id }, viewer.token)).status).toBe(200);
    expect((await call(t.app, contact.calls.create!, { profile: profile() }, viewer.token)).status).toBe(403);
    const editor = await staffWith('WRITE');
    expect((await call(t.app, contact.calls.update!, { _id: theirs._id, stage: 'Met' }, editor.token)).status).toBe(200);
    expect((await call(t.app, contact.calls.remove!, { _id: theirs._id }, editor.token)).status).toBe(403);
    const own = await staffWith('FULL', 'OWN');
    const mine = await aContact(undefined, own.token);
    const list = await call(t.app, contact.calls.list!, { limit: 'ALL' }, own.token);
    expect(ids(list.body.data.results)).toEqual([mine._id]);
    expect((await call(t.app, contact.calls.details!, { _id: theirs._id }, own.token)).status).toBe(404);
    expect((await call(t.app, contact.calls.remove!, { _id: mine._id }, own.token)).status).toBe(200);
    expect((await call(t.app, contact.calls.details!, { _id: mine._id }, own.token)).status).toBe(404);
  });

  it('show a client user only their own client’s contacts; what they add is their client’s', async () => {
    const acme = await aClient();
    const globex = await aClient();
    const acmeContact = await aContact(acme._id);
    const globexContact = await aContact(globex._id);
    const user = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: acme._id });
    const list = await call(t.app, contact.calls.list!, { limit: 'ALL' }, user.token);
    expect(list.status).toBe(200);
    expect(ids(list.body.data.results)).toEqual([acmeContact._id]);
    // Whatever they send, the contact is related to their own client.
    const added = await call(
      t.app,
      contact.calls.create!,
      { profile: profile('Bea'), relatedTo: [{ _id: globex._id, entityType: 'Client' }] },
      user.token,
    );
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data.clientId).toBe(acme._id);
    expect(added.body.data.relatedTo.map((entry: { _id: string }) => entry._id)).toEqual([acme._id]);
    const edited = await call(
      t.app,
      contact.calls.update!,
      { _id: acmeContact._id, stage: 'Hiring', relatedTo: [{ _id: globex._id, entityType: 'Client' }] },
      user.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ stage: 'Hiring', clientId: acme._id });
    expect((await call(t.app, contact.calls.update!, { _id: globexContact._id, stage: 'Mine' }, user.token)).status).toBe(404);
    for (const [spec, body] of [
      [contact.calls.details!, { _id: acmeContact._id }],
      [contact.calls.remove!, { _id: acmeContact._id }],
      [makePrimaryContact, { _id: acmeContact._id, relatedTo: { _id: acme._id, entityType: 'Client' } }],
      [generateContact, { _id: acme._id, relatedTo: 'Client' }],
    ] as const) {
      expect((await call(t.app, spec, body, user.token)).status).toBe(403);
    }
  });

  it('make-primary leaves one primary per related record, and refuses a record the contact is not related to', async () => {
    const acme = await aClient();
    const first = await aContact(acme._id);
    const second = await aContact(acme._id);
    const elsewhere = await aContact((await aClient())._id);
    const relatedTo = { _id: acme._id, entityType: 'Client' };
    const one = await call(t.app, makePrimaryContact, { _id: first._id, relatedTo }, w.orgA.adminToken);
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.data.primary).toBe(true);
    expect((await call(t.app, makePrimaryContact, { _id: second._id, relatedTo }, w.orgA.adminToken)).status).toBe(200);
    const list = await call(t.app, contact.calls.list!, { filter: { clientId: acme._id, primary: true } }, w.orgA.adminToken);
    expect(ids(list.body.data.results)).toEqual([second._id]);
    const notRelated = await call(t.app, makePrimaryContact, { _id: elsewhere._id, relatedTo }, w.orgA.adminToken);
    expect(notRelated.status).toBe(400);
    expect(notRelated.body.message).toBe('The contact is not related to that record');
    const viewer = await staffWith('READ');
    expect((await call(t.app, makePrimaryContact, { _id: first._id, relatedTo }, viewer.token)).status).toBe(403);
  });

  it('a candidate’s own contact card is made with the candidate; generate-contact makes it again only once it is gone', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, { linkedInLink: 'https://www.linkedin.com/in/ada' });
    expect(person.selfContactId).toBeTruthy();
    const own = await call(t.app, contact.calls.details!, { _id: person.selfContactId }, w.orgA.adminToken);
    expect(own.body.data).toMatchObject({ selfContact: true, clientId: null, relatedTo: [{ _id: person._id, entityType: 'Candidate' }] });
    expect((await call(t.app, generateContact, { _id: person._id, relatedTo: 'Candidate' }, w.orgA.adminToken)).status).toBe(409);
    // Deleted, the card can be generated again, and the candidate links the new one.
    expect((await call(t.app, contact.calls.remove!, { _id: person.selfContactId }, w.orgA.adminToken)).status).toBe(200);
    const made = await call(t.app, generateContact, { _id: person._id, relatedTo: 'Candidate' }, w.orgA.adminToken);
    expect(made.status, made.body.message).toBe(200);
    const record = made.body.data as ContactRecord;
    expect(record).toMatchObject({ selfContact: true, clientId: null, relatedTo: [{ _id: person._id, entityType: 'Candidate' }] });
    expect(record.profile.email).toBe(person.email);
    expect(record.profile.contactNumbers?.[0]?.number).toBe(person.phone);
    expect((record.profile as { linkedInLink?: string }).linkedInLink).toBe('https://www.linkedin.com/in/ada');
    const details = await call(t.app, candidate.calls.details!, { _id: person._id }, w.orgA.adminToken);
    expect(details.body.data.selfContactId).toBe(record._id);
    expect((await call(t.app, generateContact, { _id: person._id, relatedTo: 'Candidate' }, w.orgA.adminToken)).status).toBe(409);
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    expect((await call(t.app, generateContact, { _id: theirs._id, relatedTo: 'Candidate' }, w.orgA.adminToken)).status).toBe(404);
  });

  it('generate-contact makes a client’s own contact from its name, email and phone, once', async () => {
    const acme = await aClient();
    const made = await call(t.app, generateContact, { _id: acme._id, relatedTo: 'Client' }, w.orgA.adminToken);
    expect(made.status, made.body.message).toBe(200);
    const record = made.body.data as ContactRecord;
    expect(record).toMatchObject({ selfContact: true, clientId: acme._id });
    expect(record.profile.name.first).toBe(acme.name);
    expect(record.profile.email).toBe(acme.email);
    expect(record.profile.contactNumbers?.[0]?.number).toBe('+447700900123');
    const again = await call(t.app, generateContact, { _id: acme._id, relatedTo: 'Client' }, w.orgA.adminToken);
    expect(again.status).toBe(409);
    // A client's id is no candidate's.
    expect((await call(t.app, generateContact, { _id: acme._id, relatedTo: 'Candidate' }, w.orgA.adminToken)).status).toBe(404);
    const unknown = await call(t.app, generateContact, { _id: acme._id, relatedTo: 'Lead' }, w.orgA.adminToken);
    expect(unknown.status).toBe(400);
    const theirs = await aClient(w.orgB.adminToken);
    expect((await call(t.app, generateContact, { _id: theirs._id, relatedTo: 'Client' }, w.orgA.adminToken)).status).toBe(404);
  });
});
