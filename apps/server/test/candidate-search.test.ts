import { workModelValues } from '@app/contract/lookups';
import { candidate } from '@app/contract/resources/crm/candidate';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate, aUniquePhone, type CandidateRecord } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { anOrganisation, aStaffMember, type World, withWorld } from './support/world';

// The list answers a search from each process's index (any page of a numbered limit) and from SQL
// (every row at once, `limit: 'ALL'`): the two must agree on every request, for every scope.

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const firsts = ['Ava', 'Avery', 'Mia', 'Oliver', 'Olumide', 'Siena', 'Zoë', 'Harriet', 'Jack', 'Ann'];
const lasts = ['Smith', 'Smithson', 'Clark', 'Reid', "O'Neil", 'Harris', 'Nakamura', 'Ávila', 'Mac_Donald', 'Jones'];
const skills = ['a1', 'b2', 'c3', 'd4'].map((s) => s.padStart(24, '0'));
const cities = ['Leeds', 'York', 'Hull'];

type Org = { adminToken: string; ownToken: string; ownId: string; made: CandidateRecord[] };

const staffWith = async (adminToken: string, scope: 'OWN' | 'TEAM' | 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope });
  return aStaffMember(t.app, adminToken, { roleIds: [await aRole(t.app, adminToken, [permission])] });
};
let org: Org;

/** A name as an email's letters: no accents or marks. */
const plain = (name: string) => name.normalize('NFD').replace(/[^A-Za-z]/g, '');

const ids = (page: { results: { _id: string }[] }) => page.results.map((row) => row._id);

const listed = async (token: string, body: Record<string, unknown>) => {
  const answer = await call(t.app, candidate.calls.list, body, token);
  expect(answer.status, `${JSON.stringify(body)}: ${answer.body.message}`).toBe(200);
  return answer.body.data as { results: { _id: string }[]; totalResults: number; totalPages: number; page: number };
};

/** The index's page against the same page cut from every row the SQL finds. */
const expectSameAsSql = async (
  token: string,
  body: { search?: string; filter?: Record<string, unknown>; page?: number; limit?: number; sort?: { field: string; direction: string } },
) => {
  const all = await listed(token, { search: body.search ?? '', filter: body.filter ?? {}, sort: body.sort, limit: 'ALL' });
  const page = body.page ?? 1;
  const limit = body.limit ?? 5;
  const indexed = await listed(token, { ...body, page, limit });
  const label = JSON.stringify(body);
  expect(indexed.totalResults, label).toBe(all.totalResults);
  expect(ids(indexed), label).toEqual(ids(all).slice((page - 1) * limit, page * limit));
  return all.totalResults;
};

beforeAll(async () => {
  const made = await anOrganisation(t.app, w.root);
  const own = await staffWith(made.adminToken, 'OWN');
  const candidates: CandidateRecord[] = [];
  for (let n = 0; n < 40; n++) {
    const first = firsts[n % firsts.length] as string;
    const last = lasts[(n * 3) % lasts.length] as string;
    const input = {
      name: { first, last },
      email: `${plain(first)}.${plain(last)}${n}@Example.com`.toLowerCase(),
      phone: aUniquePhone(),
      status: n % 4 === 0 ? 'INACTIVE' : 'ACTIVE',
      address: { city: cities[n % cities.length] },
      skills: skills.filter((_, i) => (n + i) % 3 === 0).map((skillId) => ({ skillId, label: `Skill ${skillId.slice(-2)}`, rating: 3 })),
      preferences: { jobTypes: [1 + (n % 3)], workModel: [workModelValues[n % workModelValues.length]] },
    };
    candidates.push(await aCandidate(t.app, n % 5 === 0 ? own.token : made.adminToken, input));
  }
  org = { adminToken: made.adminToken, ownToken: own.token, ownId: own.id, made: candidates };
});

describe('the candidate list’s search index', () => {
  it('finds what the SQL finds, in the same order, on every page: words, fragments, case, numbers and filters', async () => {
    const someone = org.made[7] as CandidateRecord;
    const searches = [
      '',
      'ava',
      'AVA',
      'av',
      'a',
      'smith',
      'smith ava',
      'Ava Smith',
      "o'neil",
      'mac_donald',
      'zoë',
      'ávila',
      '.clark',
      '@example',
      someone.phone.slice(4, 9),
      someone.itemId.combined,
      'CAN-',
      'nobody',
    ];
    const filters: Record<string, unknown>[] = [
      {},
      { status: 'ACTIVE' },
      { status: ['ACTIVE', 'INACTIVE'] },
      { skillIds: [skills[0]] },
      { skillIds: [skills[1], skills[2]] },
      { city: 'leeds' },
      { jobTypes: 2 },
      { workModel: [workModelValues[0]] },
      { ownerId: org.ownId },
      { createdAt: { from: someone.createdAt as string } },
      { createdAt: { to: someone.createdAt as string } },
      { status: 'ACTIVE', skillIds: [skills[3]], city: 'york' },
    ];
    let found = 0;
    for (const search of searches) {
      for (const filter of filters) found += await expectSameAsSql(org.adminToken, { search, filter });
    }
    // Not every request finds nothing: the comparison means something.
    expect(found).toBeGreaterThan(200);
    for (const page of [1, 2, 3, 9]) await expectSameAsSql(org.adminToken, { search: 'a', page, limit: 4 });
  });

  it('sorts the whole list as the SQL does, on every page, by each sortable field both ways', async () => {
    for (const field of candidate.sortable ?? []) {
      for (const direction of ['asc', 'desc']) {
        for (const search of ['', 'a', 'smith OR clark']) {
          for (const page of [1, 2, 5]) await expectSameAsSql(org.adminToken, { search, sort: { field, direction }, page, limit: 4 });
        }
        await expectSameAsSql(org.adminToken, { filter: { status: 'ACTIVE', city: 'leeds' }, sort: { field, direction }, limit: 3 });
        await expectSameAsSql(org.ownToken, { sort: { field, direction }, limit: 3 });
      }
    }
  });

  it('holds a caller with OWN scope to their own candidates, and another organisation’s to theirs', async () => {
    const theirs = await listed(org.ownToken, { limit: 100 });
    expect(theirs.totalResults).toBe(8);
    for (const search of ['', 'ava', 'smith', 'example']) await expectSameAsSql(org.ownToken, { search });
    const other = await aCandidate(t.app, w.orgB.adminToken, { name: { first: 'Ava', last: 'Smith' } });
    expect(ids(await listed(org.adminToken, { search: other.email, limit: 10 }))).toEqual([]);
    expect(ids(await listed(w.orgB.adminToken, { search: other.email, limit: 10 }))).toEqual([other._id]);
  });

  it('holds a caller with TEAM scope to their own and their team’s candidates', async () => {
    const token = org.adminToken;
    const desk = await call(t.app, team.calls.create, { name: 'Search desk' }, token);
    expect(desk.status, desk.body.message).toBe(200);
    const [member, mate] = [await staffWith(token, 'TEAM'), await staffWith(token, 'ALL')];
    for (const person of [member, mate]) {
      const joined = await call(t.app, teamMember.calls.create, { teamId: desk.body.data._id, userId: person.id }, token);
      expect(joined.status, joined.body.message).toBe(200);
    }
    const filed = [
      await aCandidate(t.app, mate.token, { name: { first: 'Ava', last: 'Teamwork' } }),
      await aCandidate(t.app, mate.token, { name: { first: 'Mia', last: 'Teamwork' } }),
      await aCandidate(t.app, member.token, { name: { first: 'Ava', last: 'Mine' } }),
    ];
    const seen = await listed(member.token, { limit: 100 });
    expect(ids(seen).sort()).toEqual(filed.map((c) => c._id).sort());
    for (const search of ['', 'ava', 'teamwork', 'mine']) await expectSameAsSql(member.token, { search, limit: 2 });
  });

  it('sees every change at once: a new name, a status, a deletion, and a write made straight in the database', async () => {
    const token = org.adminToken;
    const target = org.made[11] as CandidateRecord;
    const renamed = await call(t.app, candidate.calls.update, { _id: target._id, name: { first: 'Quentin', last: 'Blake' } }, token);
    expect(renamed.status, renamed.body.message).toBe(200);
    expect(ids(await listed(token, { search: 'quentin blake', limit: 10 }))).toEqual([target._id]);
    // The old name is still in the email: found by that, as the SQL finds it.
    await expectSameAsSql(token, { search: target.name.fullName });

    const before = (await listed(token, { filter: { status: 'INACTIVE' }, limit: 100 })).totalResults;
    expect((await call(t.app, candidate.calls.setStatus, { _id: target._id, status: 'INACTIVE' }, token)).status).toBe(200);
    expect((await listed(token, { filter: { status: 'INACTIVE' }, limit: 100 })).totalResults).toBe(before + 1);

    expect((await call(t.app, candidate.calls.remove, { _id: target._id }, token)).status).toBe(200);
    expect(ids(await listed(token, { search: 'quentin', limit: 10 }))).toEqual([]);

    // Another process, or an administrator's SQL, writes: the next list has it.
    const other = org.made[12] as CandidateRecord;
    await t.app.database.db.execute(sql`update "candidates" set "email" = 'zebedee@example.org' where "id" = ${other._id}`);
    expect(ids(await listed(token, { search: 'zebedee', limit: 10 }))).toEqual([other._id]);
    // Changed candidates sit apart from those loaded in order: both still come newest first, and by date.
    await expectSameAsSql(token, { search: 'example', limit: 7 });
    await expectSameAsSql(token, { search: 'example', page: 2, limit: 7 });
    const middle = org.made[20] as CandidateRecord;
    await expectSameAsSql(token, { filter: { createdAt: { from: middle.createdAt as string } }, limit: 50 });
    await expectSameAsSql(token, { filter: { createdAt: { to: middle.createdAt as string } }, limit: 50 });
    // Sorted, the changed candidates take their places among the others.
    for (const field of ['name.fullName', 'updatedAt']) {
      for (const direction of ['asc', 'desc']) await expectSameAsSql(token, { search: 'example', sort: { field, direction }, limit: 7 });
    }
  });
});
