import { candidate } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { event } from '@app/contract/resources/crm/event';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate, candidateInput } from './support/candidates';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

/*
 * Issue 26.3: with OWN or TEAM scope on contacts, naming another owner's contact id on a candidate
 * answered the contact's name, and on an event mailed its name and address to an outside address.
 * A reference now reaches only what the caller may read; anything else is the 404 of an id that
 * does not exist, and expansions leave out what the caller may not read.
 */

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Grant = { feature: string; level: 'READ' | 'WRITE'; scope?: 'OWN' | 'TEAM' | 'ALL' };
const staffWith = async (grants: Grant[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

type ContactRecord = { _id: string; profile: { name: { fullName: string }; email: string } };
const aContact = async (token: string, first = 'Private') => {
  const made = await call(
    t.app,
    contact.calls.create,
    { profile: { name: { first, last: unique('Person') }, email: `${unique('person')}@example.com` } },
    token,
  );
  expect(made.status, made.body.message).toBe(200);
  return made.body.data as ContactRecord;
};

const aTeamOf = async (userIds: string[]) => {
  const made = await call(t.app, team.calls.create, { name: unique('Desk ') }, w.orgA.adminToken);
  expect(made.status, made.body.message).toBe(200);
  for (const userId of userIds) {
    const joined = await call(t.app, teamMember.calls.create, { teamId: made.body.data._id, userId }, w.orgA.adminToken);
    expect(joined.status, joined.body.message).toBe(200);
  }
};

/** The answer says nothing of the contact: neither its name nor its address. */
const namesNothingOf = (body: unknown, person: ContactRecord) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(person.profile.name.fullName);
  expect(text).not.toContain(person.profile.email);
};

const contactIdsOf = async (candidateId: string) =>
  (await call(t.app, candidate.calls.details, { _id: candidateId }, w.orgA.adminToken)).body.data.contactIds as string[];

describe('a reference reaches only what the caller may read', () => {
  it('PUT /candidate/ with another owner’s contact, from an OWN-scoped caller, is the 404 of a missing id and names no one', async () => {
    const recruiter = await staffWith([
      { feature: 'Candidate', level: 'WRITE' },
      { feature: 'Contact', level: 'WRITE', scope: 'OWN' },
    ]);
    const theirs = await aContact(w.orgA.adminToken);
    const mine = await aContact(recruiter.token, 'Mine');
    const held = await aCandidate(t.app, w.orgA.adminToken);

    // The request that answered the contact's name.
    const refused = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [theirs._id] }, recruiter.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Contact not found');
    namesNothingOf(refused.body, theirs);
    const missing = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [newId()] }, recruiter.token);
    expect({ status: missing.status, body: missing.body }).toEqual({ status: refused.status, body: refused.body });
    expect(await contactIdsOf(held._id)).toEqual([]);

    // A candidate made with it is refused the same way, and nothing is written.
    const fresh = candidateInput({ contactIds: [theirs._id] });
    const create = await call(t.app, candidate.calls.create, fresh, recruiter.token);
    expect(create.status).toBe(404);
    expect(create.body.message).toBe('Contact not found');
    const written = await call(t.app, candidate.calls.list, { search: fresh.email }, w.orgA.adminToken);
    expect(written.body.data.results).toEqual([]);

    // Their own contact, and the admin's same request, still work.
    const own = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [mine._id] }, recruiter.token);
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data.contacts).toEqual([{ _id: mine._id, label: mine.profile.name.fullName }]);
    const byAdmin = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [mine._id, theirs._id] }, w.orgA.adminToken);
    expect(byAdmin.status, byAdmin.body.message).toBe(200);
  });

  it('holds a TEAM-scoped caller to their teams’ contacts', async () => {
    const reader = await staffWith([
      { feature: 'Candidate', level: 'WRITE' },
      { feature: 'Contact', level: 'READ', scope: 'TEAM' },
    ]);
    const teammate = await staffWith([{ feature: 'Contact', level: 'WRITE' }]);
    const outsider = await staffWith([{ feature: 'Contact', level: 'WRITE' }]);
    await aTeamOf([reader.id, teammate.id]);
    await aTeamOf([outsider.id]);
    const ours = await aContact(teammate.token, 'Ours');
    const elsewhere = await aContact(outsider.token, 'Elsewhere');
    const held = await aCandidate(t.app, w.orgA.adminToken);

    const refused = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [elsewhere._id] }, reader.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Contact not found');
    namesNothingOf(refused.body, elsewhere);
    const taken = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [ours._id] }, reader.token);
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.data.contacts).toEqual([{ _id: ours._id, label: ours.profile.name.fullName }]);
  });

  it('refuses any contact to a caller who may not read contacts at all, and another organisation’s to anyone', async () => {
    const noContacts = await staffWith([{ feature: 'Candidate', level: 'WRITE' }]);
    const theirs = await aContact(w.orgA.adminToken);
    const held = await aCandidate(t.app, w.orgA.adminToken);
    const refused = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [theirs._id] }, noContacts.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Contact not found');
    namesNothingOf(refused.body, theirs);

    const foreign = await aContact(w.orgB.adminToken, 'Foreign');
    const across = await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [foreign._id] }, w.orgA.adminToken);
    expect(across.status).toBe(404);
    expect(across.body.message).toBe('Contact not found');
    // Not a staff call at all for a job seeker.
    expect((await call(t.app, candidate.calls.update, { _id: held._id, contactIds: [] }, w.seeker.token)).status).toBe(403);
  });

  it('refuses a related-to entry naming a record out of the caller’s scope, as for a missing one', async () => {
    const writer = await staffWith([
      { feature: 'Task', level: 'WRITE' },
      { feature: 'CrmNote', level: 'WRITE' },
      { feature: 'Contact', level: 'WRITE', scope: 'OWN' },
    ]);
    const theirs = await aContact(w.orgA.adminToken);
    const mine = await aContact(writer.token, 'Mine');
    for (const spec of [task.calls.create, crmNote.calls.create]) {
      const body = spec === task.calls.create ? { title: unique('Call back ') } : { note: unique('Spoke to ') };
      const refused = await call(t.app, spec as never, { ...body, relatedTo: [{ entityType: 'Contact', _id: theirs._id }] }, writer.token);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Contact not found');
      const missing = await call(t.app, spec as never, { ...body, relatedTo: [{ entityType: 'Contact', _id: newId() }] }, writer.token);
      expect(missing.body).toEqual(refused.body);
      const taken = await call(t.app, spec as never, { ...body, relatedTo: [{ entityType: 'Contact', _id: mine._id }] }, writer.token);
      expect(taken.status, taken.body.message).toBe(200);
    }
  });
});

const hour = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.UTC(2027, 2, 1, 9) + hoursFromNow * hour).toISOString();
const eventBody = (input: Record<string, unknown> = {}) => ({ title: unique('Catch-up '), startTime: at(0), endTime: at(1), ...input });

describe('an event’s contacts', () => {
  it('are refused out of the caller’s scope on create and update, and nothing is mailed', async () => {
    const planner = await staffWith([
      { feature: 'Event', level: 'WRITE' },
      { feature: 'Contact', level: 'WRITE', scope: 'OWN' },
    ]);
    const theirs = await aContact(w.orgA.adminToken);
    const mine = await aContact(planner.token, 'Mine');
    const outside = `${unique('collector')}@outside.example`;

    // The request that mailed the contact's name and address to an outside address.
    const created = await call(
      t.app,
      event.calls.create,
      eventBody({ contactIds: [theirs._id], attendeesMails: [outside] }),
      planner.token,
    );
    expect(created.status).toBe(404);
    expect(created.body.message).toBe('Contact not found');
    namesNothingOf(created.body, theirs);
    expect(await mailTo(t.app, outside)).toEqual([]);
    expect(await mailTo(t.app, theirs.profile.email)).toEqual([]);

    const own = await call(t.app, event.calls.create, eventBody({ contactIds: [mine._id] }), planner.token);
    expect(own.status, own.body.message).toBe(200);
    expect(await mailTo(t.app, mine.profile.email)).toHaveLength(1);

    const updated = await call(
      t.app,
      event.calls.update,
      { _id: own.body.data._id, contactIds: [mine._id, theirs._id], attendeesMails: [outside] },
      planner.token,
    );
    expect(updated.status).toBe(404);
    expect(updated.body.message).toBe('Contact not found');
    namesNothingOf(updated.body, theirs);
    expect(await mailTo(t.app, outside)).toEqual([]);
    expect(await mailTo(t.app, theirs.profile.email)).toEqual([]);
    expect(await mailTo(t.app, mine.profile.email)).toHaveLength(1);
  });
});

describe('expanded references', () => {
  it('answer only the contacts the caller may read; the ids held stay, and an update sending them back keeps them', async () => {
    const reader = await staffWith([
      { feature: 'Candidate', level: 'WRITE' },
      { feature: 'Contact', level: 'WRITE', scope: 'OWN' },
    ]);
    const blind = await staffWith([{ feature: 'Candidate', level: 'READ' }]);
    const theirs = await aContact(w.orgA.adminToken);
    const mine = await aContact(reader.token, 'Mine');
    const held = await aCandidate(t.app, w.orgA.adminToken, { contactIds: [theirs._id, mine._id] });
    const minesOnly = [{ _id: mine._id, label: mine.profile.name.fullName }];

    const details = await call(t.app, candidate.calls.details, { _id: held._id }, reader.token);
    expect(details.status, details.body.message).toBe(200);
    expect(details.body.data.contactIds).toEqual([theirs._id, mine._id]);
    expect(details.body.data.contacts).toEqual(minesOnly);
    namesNothingOf(details.body, theirs);
    const list = await call(t.app, candidate.calls.list, { search: held.email }, reader.token);
    expect(list.body.data.results[0].contacts).toEqual(minesOnly);
    namesNothingOf(list.body, theirs);

    // A caller who may not read contacts sees none of them, not even the candidate's own card.
    const unseen = await call(t.app, candidate.calls.details, { _id: held._id }, blind.token);
    expect(unseen.status, unseen.body.message).toBe(200);
    expect(unseen.body.data.contacts).toEqual([]);
    expect(unseen.body.data.selfContact).toBeNull();
    namesNothingOf(unseen.body, theirs);

    // The admin reads them all.
    const all = await call(t.app, candidate.calls.details, { _id: held._id }, w.orgA.adminToken);
    expect(all.body.data.contacts.map((c: { _id: string }) => c._id)).toEqual([theirs._id, mine._id]);

    // The form sends the whole list back: the held id is kept, still without its name.
    const kept = await call(
      t.app,
      candidate.calls.update,
      { _id: held._id, contactIds: [theirs._id, mine._id], about: 'Edited' },
      reader.token,
    );
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.contacts).toEqual(minesOnly);
    namesNothingOf(kept.body, theirs);
    expect(await contactIdsOf(held._id)).toEqual([theirs._id, mine._id]);
  });
});
