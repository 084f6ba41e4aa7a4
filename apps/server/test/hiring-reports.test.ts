import { hiringReportCall, hiringReportCsvCall } from '@app/contract/resources/hiring/hiring-report';
import { addToLongList, applicationStages } from '@app/contract/resources/hiring/job-application';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmJobApplications } from '../src/db/schema/hiring';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { aCrmJob, defaultPipelineOf, stageIdOf } from './support/hiring';
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
const aHiringStory = async (token: string) => {
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
    expect(group).toMatchObject({ _id: job._id, label: job.title, hires: 2 });
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
    expect(reached(total, 'LONG_LIST')).toBe(0);
    expect(reached(total, 'HIRED')).toBe(1);
    expect(total.hires).toBe(1);
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
    expect(lines[0]).toBe('job,Stage,Reached,Conversion to next stage,Median days in stage,Hires,Median days to hire');
    expect(lines).toContain(`${job.title},Long list,4,0.75,6,2,13`);
    expect(lines.filter((line) => line.startsWith('All,'))).toHaveLength(13);
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
    for (const token of [clientUser.token, w.seeker.token]) expect((await call(t.app, hiringReportCall, {}, token)).status).toBe(403);
  });
});
