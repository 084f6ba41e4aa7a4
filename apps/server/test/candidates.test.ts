import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate, candidateInput } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const listIds = async (token: string, body: Record<string, unknown>) => {
  const list = await call(t.app, candidate.calls.list, { limit: 'ALL', ...body }, token);
  expect(list.status, list.body.message).toBe(200);
  return list.body.data.results.map((row: { _id: string }) => row._id) as string[];
};

const staffWith = async (grants: { feature: string; level: 'READ' | 'WRITE' | 'FULL'; scope?: 'OWN' | 'TEAM' | 'ALL' }[]) => {
  const permissions = await Promise.all(grants.map((grant) => permissionId(t.app, w.root, grant)));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await aRole(t.app, w.orgA.adminToken, permissions)] });
};

const noticePeriods = async (token: string) => {
  const list = await call(t.app, crmNoticePeriod.calls.list, { limit: 'ALL' }, token);
  expect(list.status, list.body.message).toBe(200);
  return list.body.data.results as { _id: string; label: string; valueInDays: number }[];
};

describe('candidates', () => {
  it('are numbered CAN-n, start ACTIVE and answer every field with their counts', async () => {
    const first = await aCandidate(t.app, w.orgA.adminToken);
    const second = await aCandidate(t.app, w.orgA.adminToken, {
      name: { title: 'Dr', first: 'Ada', middle: 'King', last: 'Lovelace' },
      about: 'Analyst',
      linkedInLink: 'https://linkedin.example/ada',
      gitHubLink: 'https://github.example/ada',
      address: { city: 'London', postCode: 'N1 9GU' },
      projects: [{ title: 'Engine notes', description: 'Notes on the analytical engine' }],
      instituteInfo: { enrollmentDate: '2024-09-01T00:00:00.000Z', batchCode: 'B7', courseName: 'Maths', preferredField: 'Data' },
      skills: [{ skillId: 'a'.repeat(24), label: 'Maths', rating: 5 }],
    });
    expect(first.itemId.combined).toMatch(/^CAN-\d+$/);
    expect(Number(second.itemId.combined.slice(4))).toBe(Number(first.itemId.combined.slice(4)) + 1);
    expect(second).toMatchObject({
      status: 'ACTIVE',
      name: { fullName: 'Ada King Lovelace', title: 'Dr' },
      appliedJobCount: 0,
      referencesCount: 0,
      filledProfileRequestCount: 0,
      userId: null,
      projects: [{ title: 'Engine notes' }],
      instituteInfo: { batchCode: 'B7' },
    });
    expect(second).not.toHaveProperty('emailNormalised');
    expect(second).not.toHaveProperty('diversity');
    const details = await call(t.app, candidate.calls.details, { _id: second._id }, w.orgA.adminToken);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ about: 'Analyst', filledProfileRequestCount: 0, noticePeriod: null });
  });

  it('answer the spec’s messages for email, phone and projects', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: undefined }, 'Please enter email'],
      [{ email: '' }, 'Please enter email'],
      [{ phone: undefined }, 'Please enter phone number.'],
      [{ phone: '' }, 'Please enter phone number.'],
      [{ phone: '0770090012' }, 'Phone must be at least 11 characters.'],
      [{ projects: [{ description: 'x' }] }, 'Please provide title.'],
      [{ projects: [{ title: 'x' }] }, 'Please provide description.'],
      [{ name: { last: 'Only' } }, 'Please enter your first name.'],
      [{ status: 'ARCHIVED' }, 'Status must be ACTIVE or INACTIVE'],
    ];
    for (const [change, message] of cases) {
      const input = { ...candidateInput(), ...change };
      const answer = await call(t.app, candidate.calls.create, input, w.orgA.adminToken);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const bad = await call(t.app, candidate.calls.create, candidateInput({ email: 'not-an-email' }), w.orgA.adminToken);
    expect(bad.status).toBe(400);
  });

  it('change status through update-status (ACTIVE or INACTIVE only)', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken);
    const moved = await call(t.app, candidate.calls.setStatus, { _id: created._id, status: 'INACTIVE' }, w.orgA.adminToken);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'INACTIVE', appliedJobCount: 0 });
    const wrong = await call(t.app, candidate.calls.setStatus, { _id: created._id, status: 'GONE' }, w.orgA.adminToken);
    expect(wrong.status).toBe(400);
  });

  it('answer their notice period as { _id, label, valueInDays } from the organisation’s seeded list', async () => {
    const periods = await noticePeriods(w.orgA.adminToken);
    expect(periods.map((p) => [p.label, p.valueInDays])).toEqual([
      ['Immediate', 0],
      ['1 week', 7],
      ['2 weeks', 14],
      ['1 month', 30],
      ['2 months', 60],
      ['3 months', 90],
    ]);
    const month = periods.find((p) => p.valueInDays === 30)!;
    const created = await aCandidate(t.app, w.orgA.adminToken, { preferences: { noticePeriodId: month._id, jobTypes: [1] } });
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.noticePeriod).toEqual({ _id: month._id, label: '1 month', valueInDays: 30 });
    expect(details.body.data.preferences.noticePeriodId).toBe(month._id);
    // Another organisation's notice period is not one of ours.
    const theirs = (await noticePeriods(w.orgB.adminToken))[0]!;
    const refused = await call(
      t.app,
      candidate.calls.create,
      candidateInput({ preferences: { noticePeriodId: theirs._id } }),
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Crm Notice Period not found');
    // Its own list can grow.
    const added = await call(t.app, crmNoticePeriod.calls.create, { label: unique('6 weeks '), valueInDays: 42 }, w.orgA.adminToken);
    expect(added.status).toBe(200);
  });

  it('are found by name, email, phone and item id, and filtered by status, owner, dates, skills, notice period, city, job type and work model', async () => {
    const periods = await noticePeriods(w.orgA.adminToken);
    const skillId = 'b'.repeat(24);
    const last = unique('Findable');
    const found = await aCandidate(t.app, w.orgA.adminToken, {
      name: { first: 'Rosalind', last },
      address: { city: 'Leeds' },
      skills: [{ skillId, label: 'Crystallography', rating: 4 }],
      preferences: { noticePeriodId: periods[1]!._id, jobTypes: [2], workModel: ['REMOTE'] },
    });
    const other = await aCandidate(t.app, w.orgA.adminToken, { address: { city: 'York' } });
    const token = w.orgA.adminToken;
    expect(await listIds(token, { search: last })).toEqual([found._id]);
    expect(await listIds(token, { search: `rosalind ${last.toLowerCase()}` })).toEqual([found._id]);
    expect(await listIds(token, { search: found.email })).toEqual([found._id]);
    expect(await listIds(token, { search: found.phone.slice(-9) })).toEqual([found._id]);
    expect(await listIds(token, { search: found.itemId.combined })).toContain(found._id);
    const only = async (filter: Record<string, unknown>) => {
      const ids = await listIds(token, { filter });
      expect(ids, JSON.stringify(filter)).toContain(found._id);
      expect(ids, JSON.stringify(filter)).not.toContain(other._id);
    };
    await only({ skillIds: skillId });
    await only({ noticePeriodId: periods[1]!._id });
    await only({ city: 'LEEDS' });
    await only({ jobTypes: [2, 3] });
    await only({ workModel: 'REMOTE' });
    const inactive = await call(t.app, candidate.calls.setStatus, { _id: other._id, status: 'INACTIVE' }, token);
    expect(inactive.status).toBe(200);
    await only({ status: 'ACTIVE' });
    expect(await listIds(token, { filter: { createdAt: { from: new Date(Date.now() - 60_000).toISOString() } } })).toContain(found._id);
    const unknown = await call(t.app, candidate.calls.list, { filter: { colour: 'red' } }, token);
    expect(unknown.status).toBe(400);
    const list = await call(t.app, candidate.calls.list, { search: last }, token);
    expect(list.body.data.results[0]).toMatchObject({ appliedJobCount: 0 });
    expect(list.body.data.results[0]).not.toHaveProperty('diversity');
  });

  it('follow the Candidate permission by level and scope: OWN sees their own, ALL every one', async () => {
    const adminsCandidate = await aCandidate(t.app, w.orgA.adminToken);
    const viewer = await staffWith([{ feature: 'Candidate', level: 'READ' }]);
    expect((await call(t.app, candidate.calls.details, { _id: adminsCandidate._id }, viewer.token)).status).toBe(200);
    expect((await call(t.app, candidate.calls.create, candidateInput(), viewer.token)).status).toBe(403);
    const writer = await staffWith([{ feature: 'Candidate', level: 'WRITE', scope: 'OWN' }]);
    const own = await aCandidate(t.app, writer.token);
    expect(await listIds(writer.token, {})).toEqual([own._id]);
    expect((await call(t.app, candidate.calls.details, { _id: adminsCandidate._id }, writer.token)).status).toBe(404);
    expect((await call(t.app, candidate.calls.update, { _id: adminsCandidate._id, about: 'x' }, writer.token)).status).toBe(404);
    // WRITE is not FULL: no delete.
    expect((await call(t.app, candidate.calls.remove, { _id: own._id }, writer.token)).status).toBe(403);
    // Staff with no permission at all, and user types the calls are not for.
    expect((await call(t.app, candidate.calls.list, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, candidate.calls.list, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, candidate.calls.create, candidateInput(), w.platformAdmin.token)).status).toBe(403);
  });

  it('are another organisation’s: 404 for every call', async () => {
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const token = w.orgA.adminToken;
    expect((await call(t.app, candidate.calls.details, { _id: theirs._id }, token)).status).toBe(404);
    expect((await call(t.app, candidate.calls.update, { _id: theirs._id, about: 'x' }, token)).status).toBe(404);
    expect((await call(t.app, candidate.calls.setStatus, { _id: theirs._id, status: 'INACTIVE' }, token)).status).toBe(404);
    expect((await call(t.app, candidate.calls.remove, { _id: theirs._id }, token)).status).toBe(404);
    expect(await listIds(token, { search: theirs.email })).toEqual([]);
  });

  it('are soft-deleted: gone from details and lists', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken);
    const removed = await call(t.app, candidate.calls.remove, { _id: created._id }, w.orgA.adminToken);
    expect(removed.status).toBe(200);
    expect((await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken)).status).toBe(404);
    expect(await listIds(w.orgA.adminToken, { search: created.email })).toEqual([]);
  });
});

describe('candidate contacts', () => {
  const aContact = async (token: string, first: string) => {
    const made = await call(t.app, contact.calls.create, { profile: { name: { first }, email: `${unique(first)}@example.com` } }, token);
    expect(made.status, made.body.message).toBe(200);
    return made.body.data as { _id: string; profile: { name: { fullName: string } } };
  };

  it('a candidate’s own contact is made with it and follows its name, email and phone', async () => {
    const token = w.orgA.adminToken;
    const created = await aCandidate(t.app, token, { linkedInLink: 'https://www.linkedin.com/in/grace' });
    const selfContactId = created.selfContactId as string;
    expect(selfContactId).toBeTruthy();
    expect(created.selfContact).toEqual({ _id: selfContactId, label: created.name.fullName });
    const own = (await call(t.app, contact.calls.details, { _id: selfContactId }, token)).body.data;
    expect(own).toMatchObject({
      selfContact: true,
      relatedTo: [{ _id: created._id, entityType: 'Candidate' }],
      profile: { email: created.email, contactNumbers: [{ number: created.phone }], linkedInLink: 'https://www.linkedin.com/in/grace' },
    });
    // Something the recruiter added to the card stays when the candidate changes.
    await call(t.app, contact.calls.update, { _id: selfContactId, profile: { ...own.profile, designation: 'Rear Admiral' } }, token);
    const updated = await call(
      t.app,
      candidate.calls.update,
      { _id: created._id, name: { first: 'Amazing', last: 'Grace' }, email: `${unique('amazing')}@example.com` },
      token,
    );
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data.selfContactId).toBe(selfContactId);
    const synced = (await call(t.app, contact.calls.details, { _id: selfContactId }, token)).body.data;
    expect(synced.profile).toMatchObject({
      name: { first: 'Amazing', last: 'Grace' },
      email: updated.body.data.email,
      designation: 'Rear Admiral',
    });
    // An edit of other fields leaves the card alone; still one self contact.
    await call(t.app, candidate.calls.update, { _id: created._id, about: 'Navy' }, token);
    const cards = await call(t.app, contact.calls.list, { limit: 'ALL', filter: { relatedTo: created._id } }, token);
    expect(cards.body.data.results.filter((row: { selfContact: boolean }) => row.selfContact)).toHaveLength(1);
  });

  it('link other contacts, checked in the organisation and answered as { _id, label } in details and lists', async () => {
    const token = w.orgA.adminToken;
    const referee = await aContact(token, 'Referee');
    const created = await aCandidate(t.app, token, { contactIds: [referee._id] });
    expect(created.contactIds).toEqual([referee._id]);
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, token);
    expect(details.body.data.contacts).toEqual([{ _id: referee._id, label: referee.profile.name.fullName }]);
    const list = await call(t.app, candidate.calls.list, { search: created.email }, token);
    expect(list.body.data.results[0].contacts).toEqual([{ _id: referee._id, label: referee.profile.name.fullName }]);
    expect(list.body.data.results[0].selfContact._id).toBe(created.selfContactId);
    // Another organisation's contact is not found; nothing is written.
    const theirs = await aContact(w.orgB.adminToken, 'Stranger');
    const refused = await call(t.app, candidate.calls.update, { _id: created._id, contactIds: [referee._id, theirs._id] }, token);
    expect(refused.status).toBe(404);
    expect((await call(t.app, candidate.calls.details, { _id: created._id }, token)).body.data.contactIds).toEqual([referee._id]);
    const cleared = await call(t.app, candidate.calls.update, { _id: created._id, contactIds: [] }, token);
    expect(cleared.body.data.contacts).toEqual([]);
  });

  it('appliedJobCount and referencesCount are answered (0 until applications and references reach the CRM)', async () => {
    const created = await aCandidate(t.app, w.orgA.adminToken);
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data).toMatchObject({ appliedJobCount: 0, referencesCount: 0 });
  });
});
