import { hiringReportCall, hiringReportCsvCall } from '@app/contract/resources/hiring/hiring-report';
import { addToLongList, applicationStages } from '@app/contract/resources/hiring/job-application';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmJobApplications } from '../src/db/schema/hiring';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { aClientOf, aCrmJob, defaultPipelineOf, stageIdOf } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anOrganisation, aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const day = 24 * 3600 * 1000;
type Figures = {
  applications: number;
  funnel: { stageType: string; reached: number }[];
  conversion: { from: string; to: string; rate: number | null }[];
  medianDaysInStage: { stageType: string; days: number | null }[];
  hires: number;
  medianDaysToHire: number | null;
  sourceOfHire: { source: string; hires: number }[];
};
const reached = (figures: Figures, type: string) => figures.funnel.find((row) => row.stageType === type)?.reached;
const daysIn = (figures: Figures, type: string) => figures.medianDaysInStage.find((row) => row.stageType === type)?.days;

/**
 * A job with four candidates: all long-listed, three short-listed, two hired. The history's times
 * are then set back so the stays have known lengths (moves stamp the time they happen).
 */
const aHiringStory = async (token: string, input: { sources?: string[] } = {}) => {
  const job = await aCrmJob(t.app, token);
  const pipeline = await defaultPipelineOf(t.app, token);
  const people = [];
  for (let i = 0; i < 4; i++) people.push(await aCandidate(t.app, token));
  const added = await call(t.app, addToLongList, { candidateIds: people.map((p) => p._id), jobIds: [job._id] }, token);
  const ids = (added.body.data.added as { _id: string }[]).map((a) => a._id);
  const move = (jobApplicationIds: string[], type: string, extra: Record<string, unknown> = {}) =>
    call(t.app, applicationStages.moveMany, { jobApplicationIds, pipelineItemId: stageIdOf(pipeline, type), ...extra }, token);
  expect((await move(ids.slice(0, 3), 'SHORT_LIST')).status).toBe(200);
  expect((await move(ids.slice(0, 2), 'HIRED', { joiningDate: '2027-01-04T00:00:00.000Z' })).status).toBe(200);
  // Long-listed 20 days ago, short-listed 14 days ago, hired 4 days ago (the first), 10 days ago (the second).
  const now = Date.now();
  const hiredAgo = [4, 10];
  for (const [i, id] of ids.entries()) {
    const [row] = await t.app.database.db.select().from(crmJobApplications).where(eq(crmJobApplications.id, id));
    const history = (row?.pipelineStageHistory ?? []) as { movedAt: string }[];
    const times = [20, 14, hiredAgo[i] ?? 0].map((ago) => new Date(now - ago * day).toISOString());
    await t.app.database.db
      .update(crmJobApplications)
      .set({
        createdAt: new Date(now - 20 * day),
        ...(input.sources?.[i] ? { source: input.sources[i] as 'MANUAL' } : {}),
        pipelineStageHistory: history.map((entry, n) => ({ ...entry, movedAt: times[n] as string })),
      })
      .where(eq(crmJobApplications.id, id));
  }
  return { job, ids };
};

describe('hiring reports (issue 29 point 7)', () => {
  it('count the funnel, conversion, time in stage, time to hire and source of hire per job', async () => {
    const org = await anOrganisation(t.app, w.root);
    const { job } = await aHiringStory(org.adminToken);
    const answer = await call(t.app, hiringReportCall, { groupBy: 'job' }, org.adminToken);
    expect(answer.status, answer.body.message).toBe(200);
    const [group] = answer.body.data.groups as (Figures & { _id: string; label: string })[];
    expect(group).toMatchObject({ _id: job._id, label: job.title, applications: 4, hires: 2 });
    const figures = group as Figures;
    expect([reached(figures, 'LONG_LIST'), reached(figures, 'SHORT_LIST'), reached(figures, 'HIRED')]).toEqual([4, 3, 2]);
    expect(figures.conversion.find((row) => row.from === 'LONG_LIST')?.rate).toBe(0.75);
    expect(figures.conversion.find((row) => row.from === 'APPLIED')?.rate).toBeNull();
    // Six days on the long list for the three that moved on; 10 and 4 days on the short list.
    expect(daysIn(figures, 'LONG_LIST')).toBe(6);
    expect(daysIn(figures, 'SHORT_LIST')).toBe(7);
    // Hired 16 and 10 days after being added: the median is 13.
    expect(figures.medianDaysToHire).toBe(13);
    expect(figures.sourceOfHire.find((row) => row.source === 'MANUAL')?.hires).toBe(2);
    expect(answer.body.data.total.hires).toBe(2);
  });

  it('count as converted from a stage only those that reached it and the next: a skipped stage never makes a rate above 100%', async () => {
    const org = await anOrganisation(t.app, w.root);
    const token = org.adminToken;
    const job = await aCrmJob(t.app, token);
    const pipeline = await defaultPipelineOf(t.app, token);
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await aCandidate(t.app, token));
    const added = await call(t.app, addToLongList, { candidateIds: people.map((p) => p._id), jobIds: [job._id] }, token);
    const ids = (added.body.data.added as { _id: string }[]).map((a) => a._id);
    const move = (jobApplicationIds: string[], type: string) =>
      call(t.app, applicationStages.moveMany, { jobApplicationIds, pipelineItemId: stageIdOf(pipeline, type) }, token);
    // One submitted then interviewed; two straight from the long list to interviews.
    expect((await move(ids.slice(0, 1), 'SUBMITTED')).status).toBe(200);
    expect((await move(ids, 'INTERVIEWING')).status).toBe(200);
    const answer = await call(t.app, hiringReportCall, { groupBy: 'job' }, token);
    const total = answer.body.data.total as Figures;
    expect([reached(total, 'SUBMITTED'), reached(total, 'INTERVIEWING')]).toEqual([1, 3]);
    expect(total.conversion.find((row) => row.from === 'SUBMITTED')?.rate).toBe(1);
    // Of the three long-listed, none reached the short list (the next stage in the default order).
    expect(total.conversion.find((row) => row.from === 'LONG_LIST')?.rate).toBe(0);
    for (const row of total.conversion) if (row.rate !== null) expect(row.rate).toBeLessThanOrEqual(1);
  });

  it('keep to the period asked for', async () => {
    const org = await anOrganisation(t.app, w.root);
    await aHiringStory(org.adminToken);
    const lastWeek = await call(
      t.app,
      hiringReportCall,
      { groupBy: 'client', from: new Date(Date.now() - 7 * day).toISOString() },
      org.adminToken,
    );
    const total = lastWeek.body.data.total as Figures;
    expect(total.applications).toBe(1);
    expect(reached(total, 'LONG_LIST')).toBe(0);
    expect(reached(total, 'HIRED')).toBe(1);
    expect(total.hires).toBe(1);
    // Left out, the period is the 90 days up to now; the 20-day-old moves are in it, a 100-day-old one is not.
    const byDefault = (await call(t.app, hiringReportCall, {}, org.adminToken)).body.data;
    expect(Date.parse(byDefault.to) - Date.parse(byDefault.from)).toBe(90 * day);
    expect(Math.abs(Date.parse(byDefault.to) - Date.now())).toBeLessThan(60_000);
    expect(reached(byDefault.total, 'LONG_LIST')).toBe(4);
    const old = await aHiringStory(org.adminToken);
    for (const id of old.ids) {
      const [row] = await t.app.database.db.select().from(crmJobApplications).where(eq(crmJobApplications.id, id));
      const history = (row?.pipelineStageHistory ?? []) as { movedAt: string }[];
      await t.app.database.db
        .update(crmJobApplications)
        .set({
          createdAt: new Date(Date.now() - 120 * day),
          updatedAt: new Date(Date.now() - 100 * day),
          pipelineStageHistory: history.map((entry) => ({ ...entry, movedAt: new Date(Date.now() - 100 * day).toISOString() })),
        })
        .where(eq(crmJobApplications.id, id));
    }
    expect(reached((await call(t.app, hiringReportCall, {}, org.adminToken)).body.data.total, 'LONG_LIST')).toBe(4);
    const longAgo = { from: new Date(Date.now() - 150 * day).toISOString(), to: new Date(Date.now() - 95 * day).toISOString() };
    const then = (await call(t.app, hiringReportCall, longAgo, org.adminToken)).body.data;
    expect([then.total.applications, reached(then.total, 'HIRED'), then.groups.length]).toEqual([4, 2, 1]);
    const backwards = await call(
      t.app,
      hiringReportCall,
      { from: new Date().toISOString(), to: new Date(Date.now() - day).toISOString() },
      org.adminToken,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The period must end after it starts');
  });

  it('answer CSV, one row per group and stage', async () => {
    const org = await anOrganisation(t.app, w.root);
    const { job } = await aHiringStory(org.adminToken);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${hiringReportCsvCall.path}`,
      headers: { authorization: `Bearer ${org.adminToken}` },
      payload: { groupBy: 'job' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="hiring-report-job-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(lines[0]).toBe(
      'Job,Stage,Reached,Conversion to next stage,Median days in stage,Applications,Hires,Median days to hire,Hires from board,Hires from import,Hires from manual,Hires from referral',
    );
    expect(lines).toContain(`${job.title},Long list,4,0.75,6,4,2,13,0,0,2,0`);
    expect(lines).toContain(`${job.title},Hired,2,0,,4,2,13,0,0,2,0`);
    expect(lines).toHaveLength(1 + 13 + 13);
    expect(lines.filter((line) => line.startsWith('All,'))).toHaveLength(13);
    for (const token of [(await aClientUser(t.app, { organisationId: org.id, clientId: newId() })).token, w.seeker.token]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api${hiringReportCsvCall.path}`,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('count nothing of another organisation, and are for staff with the Job Application permission', async () => {
    const org = await anOrganisation(t.app, w.root);
    const other = await anOrganisation(t.app, w.root);
    await aHiringStory(other.adminToken);
    const mine = await call(t.app, hiringReportCall, {}, org.adminToken);
    expect(mine.body.data.groups).toEqual([]);
    expect(mine.body.data.total.hires).toBe(0);
    const staff = await aStaffMember(t.app, org.adminToken);
    expect((await call(t.app, hiringReportCall, {}, staff.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Job Application', level: 'READ' });
    const allowed = await aStaffMember(t.app, org.adminToken, { roleIds: [await roleOf(t.app, org.adminToken, [reader])] });
    expect((await call(t.app, hiringReportCall, {}, allowed.token)).status).toBe(200);
    const clientUser = await aClientUser(t.app, { organisationId: org.id, clientId: newId() });
    for (const token of [clientUser.token, w.seeker.token, w.platformAdmin.token]) {
      expect((await call(t.app, hiringReportCall, {}, token)).status).toBe(403);
    }
  });

  it('count hires by where the application came from', async () => {
    const org = await anOrganisation(t.app, w.root);
    await aHiringStory(org.adminToken, { sources: ['REFERRAL', 'BOARD', 'IMPORT'] });
    const total = (await call(t.app, hiringReportCall, {}, org.adminToken)).body.data.total as Figures;
    // The third came from an import but was never hired: only hires count.
    expect(total.sourceOfHire).toEqual([
      { source: 'BOARD', hires: 1 },
      { source: 'IMPORT', hires: 0 },
      { source: 'MANUAL', hires: 0 },
      { source: 'REFERRAL', hires: 1 },
    ]);
  });

  it('group per client and per recruiter, and narrow to a job, a client or a recruiter', async () => {
    const org = await anOrganisation(t.app, w.root);
    const permissions = [
      await permissionId(t.app, w.root, { feature: 'Job Application', level: 'WRITE' }),
      await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE' }),
      await permissionId(t.app, w.root, { feature: 'Job', level: 'WRITE' }),
    ];
    const recruiter = await aStaffMember(t.app, org.adminToken, {
      first: 'Riley',
      roleIds: [await roleOf(t.app, org.adminToken, permissions)],
    });
    const acme = await aClientOf(t.app, org.adminToken);
    const first = await aCrmJob(t.app, org.adminToken, { clientId: acme._id });
    const second = await aCrmJob(t.app, org.adminToken, { clientId: acme._id });
    const elsewhere = await aCrmJob(t.app, org.adminToken);
    const longList = async (token: string, jobId: string, n: number) => {
      const people = [];
      for (let i = 0; i < n; i++) people.push(await aCandidate(t.app, org.adminToken));
      const added = await call(t.app, addToLongList, { candidateIds: people.map((p) => p._id), jobIds: [jobId] }, token);
      expect(added.status, added.body.message).toBe(200);
    };
    await longList(recruiter.token, first._id, 2);
    await longList(org.adminToken, second._id, 1);
    await longList(org.adminToken, elsewhere._id, 1);
    const report = async (input: Record<string, unknown>, token = org.adminToken) => {
      const answer = await call(t.app, hiringReportCall, input, token);
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.data as { total: Figures; groups: (Figures & { _id: string; label: string })[] };
    };

    const perClient = await report({ groupBy: 'client' });
    expect(perClient.groups).toHaveLength(2);
    expect(perClient.groups.find((group) => group._id === acme._id)).toMatchObject({ label: acme.name, applications: 3 });
    expect(perClient.total.applications).toBe(4);

    const perRecruiter = await report({ groupBy: 'recruiter' });
    expect(perRecruiter.groups.map((group) => [group.label, group.applications])).toContainEqual(['Riley Staff', 2]);
    expect(perRecruiter.groups.find((group) => group._id !== recruiter.id)?.applications).toBe(2);

    expect((await report({ recruiterId: recruiter.id })).total.applications).toBe(2);
    expect((await report({ jobId: second._id })).total.applications).toBe(1);
    const acmeOnly = await report({ clientId: acme._id, groupBy: 'job' });
    expect(acmeOnly.total.applications).toBe(3);
    expect(acmeOnly.groups.map((group) => group._id).sort()).toEqual([first._id, second._id].sort());
    // Another organisation naming these ids counts nothing of them.
    const stranger = await anOrganisation(t.app, w.root);
    for (const filter of [{ jobId: first._id }, { clientId: acme._id }, { recruiterId: recruiter.id }]) {
      expect((await report(filter, stranger.adminToken)).total.applications).toBe(0);
    }
  });

  it('count only the applications a recruiter may read (OWN scope)', async () => {
    const org = await anOrganisation(t.app, w.root);
    const permissions = [
      await permissionId(t.app, w.root, { feature: 'Job Application', level: 'WRITE', scope: 'OWN' }),
      await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE' }),
      await permissionId(t.app, w.root, { feature: 'Job', level: 'WRITE' }),
    ];
    const recruiter = await aStaffMember(t.app, org.adminToken, { roleIds: [await roleOf(t.app, org.adminToken, permissions)] });
    const job = await aCrmJob(t.app, org.adminToken);
    const mine = await aCandidate(t.app, org.adminToken);
    expect((await call(t.app, addToLongList, { candidateIds: [mine._id], jobIds: [job._id] }, recruiter.token)).status).toBe(200);
    await aHiringStory(org.adminToken);
    const theirs = await call(t.app, hiringReportCall, { groupBy: 'recruiter' }, recruiter.token);
    expect(theirs.status, theirs.body.message).toBe(200);
    expect(theirs.body.data.total.applications).toBe(1);
    expect(theirs.body.data.total.hires).toBe(0);
    expect(theirs.body.data.groups.map((group: { _id: string }) => group._id)).toEqual([recruiter.id]);
    expect((await call(t.app, hiringReportCall, {}, org.adminToken)).body.data.total.applications).toBe(5);
  });

  it('refuse bad input with its message', async () => {
    const org = await anOrganisation(t.app, w.root);
    const cases: [Record<string, unknown>, string][] = [
      [{ groupBy: 'team' }, 'groupBy must be job, client or recruiter'],
      [{ jobId: 'x' }, 'jobId must be a valid mongoId'],
      [{ clientId: 'x' }, 'clientId must be a valid mongoId'],
      [{ recruiterId: 'x' }, 'recruiterId must be a valid mongoId'],
      [{ from: 'yesterday' }, 'Invalid date'],
    ];
    for (const [input, message] of cases) {
      const answer = await call(t.app, hiringReportCall, input, org.adminToken);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });
});
