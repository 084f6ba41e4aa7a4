import { jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { aCrmJob } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const bulk = { method: 'PUT', path: '/candidate/bulk' } as const;

const applicantsOf = async (jobId: string) =>
  (await call(t.app, jobApplicantsList, { jobId }, w.orgA.adminToken)).body.data.totalResults as number;

/** A staff member of the first organisation holding WRITE on the features named. */
const staffWith = async (...features: string[]) => {
  const permissions = await Promise.all(features.map((feature) => permissionId(t.app, w.root, { feature, level: 'WRITE' })));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

describe('the candidate list’s bulk "Add to long list"', () => {
  it('puts the chosen candidates on each chosen job once', async () => {
    const jobs = [await aCrmJob(t.app, w.orgA.adminToken), await aCrmJob(t.app, w.orgA.adminToken)];
    const people = [await aCandidate(t.app, w.orgA.adminToken), await aCandidate(t.app, w.orgA.adminToken)];
    const body = { ids: people.map((p) => p._id), action: 'add-to-long-list', value: { jobIds: jobs.map((j) => j._id) } };
    const done = await call(t.app, bulk, body, w.orgA.adminToken);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.changed).toBe(4);
    const again = await call(t.app, bulk, body, w.orgA.adminToken);
    expect(again.body.data.changed).toBe(0);
    expect([await applicantsOf(jobs[0]?._id), await applicantsOf(jobs[1]?._id)]).toEqual([2, 2]);
  });

  it('asks for at least one job', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const none = await call(t.app, bulk, { ids: [person._id], action: 'add-to-long-list', value: { jobIds: [] } }, w.orgA.adminToken);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Please choose jobs');
  });

  it('needs the Job Application permission beside the Candidate one', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const body = { ids: [person._id], action: 'add-to-long-list', value: { jobIds: [job._id] } };
    const candidatesOnly = await staffWith('Candidate');
    expect((await call(t.app, bulk, body, candidatesOnly.token)).status).toBe(403);
    expect(await applicantsOf(job._id)).toBe(0);
    const both = await staffWith('Candidate', 'Job Application');
    // A job they may not read is none of theirs to fill, as on the long-list call itself.
    const unreadJob = await call(t.app, bulk, body, both.token);
    expect(unreadJob.status).toBe(404);
    expect(unreadJob.body.message).toBe('Job not found');
    const withJobs = await staffWith('Candidate', 'Job Application', 'Job');
    const done = await call(t.app, bulk, body, withJobs.token);
    expect(done.status, done.body.message).toBe(200);
    expect(await applicantsOf(job._id)).toBe(1);
  });
});
