import { crmJob, updateCrmJobDescription } from '@app/contract/resources/hiring/crm-job';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import { crmJobApplications } from '../src/db/schema/hiring';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aClientOf, aCrmJob, type CrmJobRecord, crmJobInput, defaultPipelineOf } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, aUser, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const calls = crmJob.calls;

const anApplicationOn = async (job: CrmJobRecord) => {
  await t.app.database.db.insert(crmJobApplications).values({
    id: newId(),
    organisationId: job.organisationId,
    candidateId: newId(),
    jobId: job._id,
    pipelineId: job.pipelineId,
  });
};

describe('CRM jobs (crm.md §3 Job (CRM), §5, §6)', () => {
  it('take the seven calls of calls.tsv at their paths', () => {
    expect([...Object.values(calls), updateCrmJobDescription].map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [
        'POST /crm/job/',
        'PUT /crm/job/',
        'PUT /crm/job/update-description',
        'PUT /crm/job/update-status',
        'POST /crm/job/details',
        'POST /crm/job/list',
        'POST /crm/job/delete',
      ].sort(),
    );
  });

  it('start as DRAFT on the organisation’s default pipeline, with a slug from the title and the content sanitised', async () => {
    const acme = await aClientOf(t.app, w.orgA.adminToken);
    const made = await call(
      t.app,
      calls.create,
      crmJobInput(acme._id, { title: 'Lead Data Engineer', content: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
      w.orgA.adminToken,
    );
    expect(made.status, made.body.message).toBe(200);
    const job = made.body.data as CrmJobRecord;
    const fallback = await defaultPipelineOf(t.app, w.orgA.adminToken);
    expect(job).toMatchObject({ status: 'DRAFT', pipelineId: fallback._id, postedOn: null });
    expect(job.slug).toMatch(/^lead-data-engineer/);
    expect(job.content).not.toMatch(/script|onerror/);
    const details = await call(t.app, calls.details, { _id: job._id }, w.orgA.adminToken);
    expect(details.body.data.client).toMatchObject({ _id: acme._id, label: acme.name });
  });

  it('refuse what the spec refuses, with its words', async () => {
    const acme = await aClientOf(t.app, w.orgA.adminToken);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ' }, 'Please provide a title.'],
      [{ content: '' }, 'Please fill the job content'],
      [{ slug: 'Not OK!' }, 'Only a-z, 0-9 and "-" are allowed.'],
      [{ pipelineId: 'nope' }, 'pipelineId must be a valid mongoId'],
      [{ itemId: 'JOB-1' }, 'Unknown field: itemId'],
      [{ meta: { title: 'x' } }, 'Unknown field: meta'],
      [{ _id: newId() }, 'Unknown field: _id'],
    ];
    for (const [input, message] of cases) {
      const refused = await call(t.app, calls.create, crmJobInput(acme._id, input), w.orgA.adminToken);
      expect(refused.status, JSON.stringify(input)).toBe(400);
      expect(refused.body.message, JSON.stringify(input)).toBe(message);
    }
    const noId = await call(t.app, calls.details, { _id: 'x' }, w.orgA.adminToken);
    expect(noId.body.message).toBe('_id must be a valid mongoId');
  });

  it('set postedOn when first published, and move through DRAFT, PUBLISHED, CLOSED and ARCHIVED only', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const published = await call(t.app, calls.setStatus, { _id: job._id, status: 'PUBLISHED' }, w.orgA.adminToken);
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.data.postedOn).toBeTruthy();
    const closed = await call(t.app, calls.setStatus, { _id: job._id, status: 'CLOSED' }, w.orgA.adminToken);
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', postedOn: published.body.data.postedOn });
    const wrong = await call(t.app, calls.setStatus, { _id: job._id, status: 'OPEN' }, w.orgA.adminToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Status must be DRAFT, PUBLISHED, CLOSED or ARCHIVED');
  });

  it('edit the description alone, sanitised and logged', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const edited = await call(
      t.app,
      updateCrmJobDescription,
      { _id: job._id, content: '<h2>About</h2><p onclick="x()">Fine</p>' },
      w.orgA.adminToken,
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data.content).toBe('<h2>About</h2><p>Fine</p>');
    const empty = await call(t.app, updateCrmJobDescription, { _id: job._id, content: ' ' }, w.orgA.adminToken);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please fill the job content');
    const theirs = await aCrmJob(t.app, w.orgB.adminToken);
    expect((await call(t.app, updateCrmJobDescription, { _id: theirs._id, content: '<p>x</p>' }, w.orgA.adminToken)).status).toBe(404);
  });

  it('list each job with its live applications counted', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    await anApplicationOn(job);
    await anApplicationOn(job);
    const listed = await call(t.app, calls.list, { limit: 'ALL', filter: { clientId: job.clientId } }, w.orgA.adminToken);
    expect(listed.status, listed.body.message).toBe(200);
    expect(listed.body.data.results).toEqual([expect.objectContaining({ _id: job._id, applicationCount: 2 })]);
  });

  it('keep their pipeline while they have applications', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const other = await call(
      t.app,
      hiringPipeline.calls.create,
      { title: 'Other', items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }] },
      w.orgA.adminToken,
    );
    const moved = await call(t.app, calls.update, { _id: job._id, pipelineId: other.body.data._id }, w.orgA.adminToken);
    expect(moved.status, moved.body.message).toBe(200);
    await anApplicationOn({ ...job, pipelineId: other.body.data._id });
    const refused = await call(t.app, calls.update, { _id: job._id, pipelineId: job.pipelineId }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This job has an application on its pipeline: its pipeline cannot change');
  });

  it('refuse another organisation’s pipeline and client as not found', async () => {
    const theirPipeline = await defaultPipelineOf(t.app, w.orgB.adminToken);
    const acme = await aClientOf(t.app, w.orgA.adminToken);
    const refused = await call(t.app, calls.create, crmJobInput(acme._id, { pipelineId: theirPipeline._id }), w.orgA.adminToken);
    expect(refused.status).toBe(404);
    const theirClient = await aClientOf(t.app, w.orgB.adminToken);
    expect((await call(t.app, calls.create, crmJobInput(theirClient._id), w.orgA.adminToken)).status).toBe(404);
  });

  it('are another organisation’s 404, soft-deleted, and need the Job permission', async () => {
    const theirs = await aCrmJob(t.app, w.orgB.adminToken);
    for (const [spec, body] of [
      [calls.details, { _id: theirs._id }],
      [calls.update, { _id: theirs._id, title: 'Mine' }],
      [calls.setStatus, { _id: theirs._id, status: 'CLOSED' }],
      [calls.remove, { _id: theirs._id }],
    ] as const) {
      expect((await call(t.app, spec, body, w.orgA.adminToken)).status, spec.path).toBe(404);
    }
    const mine = await aCrmJob(t.app, w.orgA.adminToken);
    expect((await call(t.app, calls.remove, { _id: mine._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await call(t.app, calls.details, { _id: mine._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Job', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    expect((await call(t.app, calls.list, {}, staff.token)).status).toBe(200);
    expect((await call(t.app, calls.create, crmJobInput(mine.clientId), staff.token)).status).toBe(403);
  });

  it('are not for job seekers, recruiters or client users', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: job.clientId });
    const recruiter = await aUser(t.app, { userType: 'RECRUITER' });
    for (const token of [w.seeker.token, recruiter.token, clientUser.token]) {
      expect((await call(t.app, calls.list, {}, token)).status).toBe(403);
      expect((await call(t.app, calls.details, { _id: job._id }, token)).status).toBe(403);
      expect((await call(t.app, calls.create, crmJobInput(job.clientId), token)).status).toBe(403);
    }
  });

  it('let a platform admin work across organisations: a new job goes to its client’s organisation', async () => {
    const acme = await aClientOf(t.app, w.orgB.adminToken);
    const made = await call(t.app, calls.create, crmJobInput(acme._id), w.platformAdmin.token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.organisationId).toBe(w.orgB.id);
    expect(made.body.data.pipelineId).toBe((await defaultPipelineOf(t.app, w.orgB.adminToken))._id);
    const listed = await call(t.app, calls.list, { limit: 'ALL', filter: { clientId: acme._id } }, w.platformAdmin.token);
    expect(listed.body.data.results.map((job: CrmJobRecord) => job._id)).toEqual([made.body.data._id]);
  });
});
