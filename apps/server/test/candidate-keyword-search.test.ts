import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { skill } from '@app/contract/resources/job-board/lookups';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aCandidate, type CandidateRecord } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { anOrganisation, unique, type World, withWorld } from './support/world';

// A recruiter's keyword search (skills, job titles, towns, postcodes) with AND, OR, phrases and
// brackets, answered the same by the process's index (a numbered page) and the SQL (`limit: 'ALL'`).

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

let token: string;
const made: Record<string, CandidateRecord> = {};
const skillIds: Record<string, string> = {};

const aSkill = async (label: string) => {
  const created = await call(t.app, skill.calls.create!, { label, value: unique(label.toLowerCase()) }, w.root);
  expect(created.status, created.body.message).toBe(200);
  return created.body.data._id as string;
};

const names = async (body: Record<string, unknown>, as = token) => {
  const answer = await call(t.app, candidate.calls.list, body, as);
  expect(answer.status, `${JSON.stringify(body)}: ${answer.body.message}`).toBe(200);
  return (answer.body.data.results as CandidateRecord[]).map((row) => row.name.first);
};

/** Who the search finds, through the index and through the SQL: the same, newest first. */
const found = async (search: string, as = token) => {
  const indexed = await names({ search, limit: 100 }, as);
  expect(await names({ search, limit: 'ALL' }, as), search).toEqual(indexed);
  return [...indexed].sort();
};

beforeAll(async () => {
  token = (await anOrganisation(t.app, w.root)).adminToken;
  for (const label of ['Python', 'React', 'Nursing']) skillIds[label] = await aSkill(label);
  const skills = (...labels: string[]) => labels.map((label) => ({ skillId: skillIds[label], rating: 3 }));
  const people: [string, Record<string, unknown>][] = [
    [
      'Asha',
      { preferences: { currentJobTitle: 'Staff Nurse' }, address: { city: 'Leeds', postCode: 'LS1 4AP' }, skills: skills('Python') },
    ],
    ['Ben', { preferences: { desiredJobTitle: 'Senior Carer' }, address: { city: 'York' } }],
    [
      'Cara',
      {
        preferences: { currentJobTitle: 'Project  Manager' },
        address: { city: 'York', postCode: 'YO1 7HH' },
        skills: skills('Python', 'React'),
      },
    ],
    [
      'Dev',
      {
        preferences: { preferredLocation: { city: 'Leeds' } },
        address: { city: 'Bradford', postCode: 'BD1 1AA' },
        skills: skills('React'),
      },
    ],
    ['Eve', { preferences: { currentJobTitle: 'Care assistant' }, address: { city: 'Hull' }, skills: skills('Nursing') }],
    ['Finn', { preferences: { currentJobTitle: 'Manager of projects' }, address: { city: 'Manchester' } }],
  ];
  for (const [first, input] of people) made[first] = await aCandidate(t.app, token, { name: { first, last: 'Keyword' }, ...input });
});

describe('the candidate list’s keyword search', () => {
  it('finds by job title, skill, town and postcode as well as by name', async () => {
    expect(await found('nurse')).toEqual(['Asha']);
    expect(await found('nursing')).toEqual(['Eve']);
    expect(await found('Leeds')).toEqual(['Asha', 'Dev']);
    expect(await found('python react')).toEqual(['Cara']);
    expect(await found('LS1')).toEqual(['Asha']);
    expect(await found('carer')).toEqual(['Ben']);
    expect(await found('asha keyword')).toEqual(['Asha']);
  });

  it('reads quotes, OR and brackets as OpenCATS and Bullhorn do', async () => {
    expect(await found('"project manager"')).toEqual(['Cara']);
    expect(await found('project manager')).toEqual(['Cara', 'Finn']);
    expect(await found('nurse OR carer')).toEqual(['Asha', 'Ben']);
    expect(await found('(nurse OR carer) leeds')).toEqual(['Asha']);
    expect(await found('react AND (york OR bradford)')).toEqual(['Cara', 'Dev']);
    expect(await found('(nurse OR carer')).toEqual(['Asha', 'Ben']);
  });

  it('refuses a search with too many alternatives, and a sort by a field the list cannot sort by', async () => {
    const tooMany = await call(t.app, candidate.calls.list, { search: '(a OR b) (c OR d) (e OR f) (g OR h) (i OR j)' }, token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The search has too many alternatives: at most 16 (each OR counts, and brackets multiply them)');
    const byEmail = await call(t.app, candidate.calls.list, { sort: { field: 'email', direction: 'asc' } }, token);
    expect(byEmail.status).toBe(400);
    expect(byEmail.body.message).toBe(
      'This list cannot be sorted by email: sort by name.fullName, address.city, preferences.currentJobTitle, createdAt, updatedAt',
    );
    const badDirection = await call(t.app, candidate.calls.list, { sort: { field: 'createdAt', direction: 'up' } }, token);
    expect(badDirection.status).toBe(400);
    expect(badDirection.body.message).toBe('sort.direction must be asc or desc');
    const unsortable = await call(t.app, crmNoticePeriod.calls.list, { sort: { field: 'label', direction: 'asc' } }, token);
    expect(unsortable.status).toBe(400);
    expect(unsortable.body.message).toBe('This list keeps its own order: it cannot be sorted');
  });

  it('sorts the whole list by town, title or name on the server, empty ones last', async () => {
    const byTown = await names({ search: 'keyword', sort: { field: 'address.city', direction: 'asc' }, limit: 2, page: 2 });
    expect(byTown).toEqual(['Asha', 'Finn']);
    // Two in York: the newer first.
    expect(await names({ search: 'keyword', sort: { field: 'address.city', direction: 'asc' }, limit: 'ALL' })).toEqual([
      'Dev',
      'Eve',
      'Asha',
      'Finn',
      'Cara',
      'Ben',
    ]);
    const byTitle = await names({ search: 'keyword', sort: { field: 'preferences.currentJobTitle', direction: 'desc' }, limit: 10 });
    expect(byTitle).toEqual(['Asha', 'Cara', 'Finn', 'Eve', 'Dev', 'Ben']);
    const byName = await names({ search: 'keyword', sort: { field: 'name.fullName', direction: 'desc' }, limit: 3 });
    expect(byName).toEqual(['Finn', 'Eve', 'Dev']);
  });

  it('the generic lists read OR too', async () => {
    const periods = await call(t.app, crmNoticePeriod.calls.list, { search: 'immediate OR "1 week"', limit: 'ALL' }, token);
    expect(periods.status, periods.body.message).toBe(200);
    expect(periods.body.data.results.map((row: { label: string }) => row.label)).toEqual(['Immediate', '1 week']);
  });

  it('keeps up with every write: a changed title, a renamed skill, a write straight in SQL', async () => {
    const eve = made.Eve as CandidateRecord;
    const changed = await call(t.app, candidate.calls.update, { _id: eve._id, preferences: { currentJobTitle: 'Phlebotomist' } }, token);
    expect(changed.status, changed.body.message).toBe(200);
    expect(await found('phlebotomist')).toEqual(['Eve']);
    expect(await found('care assistant')).toEqual([]);

    const renamed = await call(t.app, skill.calls.update!, { _id: skillIds.React, label: 'React Native' }, w.root);
    expect(renamed.status, renamed.body.message).toBe(200);
    expect(await found('"react native"')).toEqual(['Cara', 'Dev']);

    const finn = made.Finn as CandidateRecord;
    await t.app.database.db.execute(
      sql`update "candidates" set "address" = '{"city": "Wakefield", "postCode": "WF1 2AB"}' where "id" = ${finn._id}`,
    );
    expect(await found('wf1')).toEqual(['Finn']);
    expect(await found('manchester')).toEqual([]);
  });

  it('finds only the caller’s own organisation’s candidates, and is not open to a job seeker', async () => {
    expect(await found('nurse', w.orgB.adminToken)).toEqual([]);
    const seeker = await call(
      t.app,
      candidate.calls.list,
      { search: 'nurse', sort: { field: 'createdAt', direction: 'asc' } },
      w.seeker.token,
    );
    expect(seeker.status).toBe(403);
  });
});
