import { crmJob, updateCrmJobDescription } from '@app/contract/resources/hiring/crm-job';
import { addToLongList, candidateApplicationList } from '@app/contract/resources/hiring/job-application';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aClientOf, aCrmJob, type CrmJobRecord, crmJobInput, defaultPipelineOf, type PipelineRecord } from './support/hiring';
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

/** A new candidate long-listed on the job (the applications' own call): the application's id. */
const anApplicationOn = async (job: CrmJobRecord, token = w.orgA.adminToken) => {
  const person = await aCandidate(t.app, token);
  const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, token);
  expect(added.status, added.body.message).toBe(200);
  return { candidateId: person._id, applicationId: added.body.data.added[0]._id as string };
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
    const logged = (await logsOf(t.app, job._id)).at(-1);
    expect(logged).toMatchObject({ entityType: 'CrmJob', action: 'UPDATE' });
    expect(JSON.stringify(logged?.to)).toContain('About');
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

  it('keep their pipeline and client while they have applications', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const other = await call(
      t.app,
      hiringPipeline.calls.create,
      { title: 'Other', items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }] },
      w.orgA.adminToken,
    );
    const moved = await call(t.app, calls.update, { _id: job._id, pipelineId: other.body.data._id }, w.orgA.adminToken);
    expect(moved.status, moved.body.message).toBe(200);
    await anApplicationOn(job);
    const refused = await call(t.app, calls.update, { _id: job._id, pipelineId: job.pipelineId }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This job has an application on its pipeline: its pipeline cannot change');
    const otherClient = await aClientOf(t.app, w.orgA.adminToken);
    const reclient = await call(t.app, calls.update, { _id: job._id, clientId: otherClient._id }, w.orgA.adminToken);
    expect(reclient.status).toBe(400);
    expect(reclient.body.message).toBe('This job has an application: its client cannot change');
    const fresh = await aCrmJob(t.app, w.orgA.adminToken);
    const handedOver = await call(t.app, calls.update, { _id: fresh._id, clientId: otherClient._id }, w.orgA.adminToken);
    expect(handedOver.body.data.clientId).toBe(otherClient._id);
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
  it('make slugs unique within the organisation: a taken slug is a 409, another organisation’s is free', async () => {
    const title = `Night nurse ${newId()}`;
    const first = await aCrmJob(t.app, w.orgA.adminToken, { title });
    const second = await aCrmJob(t.app, w.orgA.adminToken, { title });
    const theirs = await aCrmJob(t.app, w.orgB.adminToken, { title });
    expect(first.slug).toBe(`night-nurse-${title.split(' ').pop()}`);
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(theirs.slug).toBe(first.slug);
    const taken = await call(t.app, calls.create, crmJobInput(first.clientId, { slug: first.slug }), w.orgA.adminToken);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This slug is already in use');
    const renamed = await call(t.app, calls.update, { _id: second._id, slug: first.slug }, w.orgA.adminToken);
    expect(renamed.status).toBe(409);
    const own = await call(t.app, calls.update, { _id: first._id, slug: 'my-own-slug' }, w.orgA.adminToken);
    expect(own.body.data.slug).toBe('my-own-slug');
    const again = await call(t.app, calls.update, { _id: first._id, slug: null, title: 'Day nurse' }, w.orgA.adminToken);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.slug).toMatch(/^day-nurse/);
  });

  it('refuse a description that is nothing once sanitised', async () => {
    const acme = await aClientOf(t.app, w.orgA.adminToken);
    const made = await call(t.app, calls.create, crmJobInput(acme._id, { content: '<script>alert(1)</script>' }), w.orgA.adminToken);
    expect(made.status).toBe(400);
    expect(made.body.message).toBe('Please fill the job content');
    const job = await aCrmJob(t.app, w.orgA.adminToken, { clientId: acme._id });
    const edited = await call(t.app, updateCrmJobDescription, { _id: job._id, content: '<style>p{}</style>' }, w.orgA.adminToken);
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe('Please fill the job content');
  });

  it('take only a live pipeline of the job’s own organisation', async () => {
    const job = await aCrmJob(t.app, w.orgA.adminToken);
    const theirs = await defaultPipelineOf(t.app, w.orgB.adminToken);
    expect((await call(t.app, calls.update, { _id: job._id, pipelineId: theirs._id }, w.orgA.adminToken)).status).toBe(404);
    const gone = await call(
      t.app,
      hiringPipeline.calls.create,
      { title: 'Gone', items: [{ stage: { title: 'Applied', stageType: 'APPLIED' } }] },
      w.orgA.adminToken,
    );
    expect((await call(t.app, hiringPipeline.calls.remove, { _id: gone.body.data._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await call(t.app, calls.update, { _id: job._id, pipelineId: gone.body.data._id }, w.orgA.adminToken)).status).toBe(404);
    const kept = await call(t.app, calls.update, { _id: job._id, pipelineId: null, title: 'Same pipeline' }, w.orgA.adminToken);
    expect(kept.body.data.pipelineId).toBe(job.pipelineId);
    // A platform admin's job is held to its client's organisation too.
    const acme = await aClientOf(t.app, w.orgA.adminToken);
    const crossed = await call(t.app, calls.create, crmJobInput(acme._id, { pipelineId: theirs._id }), w.platformAdmin.token);
    expect(crossed.status).toBe(404);
    expect((await call(t.app, calls.create, crmJobInput(newId()), w.platformAdmin.token)).status).toBe(404);
  });

  it('let a platform admin make every call on any organisation’s job', async () => {
    const job = await aCrmJob(t.app, w.orgB.adminToken);
    const admin = w.platformAdmin.token;
    const read = await call(t.app, calls.details, { _id: job._id }, admin);
    expect(read.status, read.body.message).toBe(200);
    const updated = await call(t.app, calls.update, { _id: job._id, title: 'Renamed by the platform' }, admin);
    expect(updated.body.data).toMatchObject({ title: 'Renamed by the platform', organisationId: w.orgB.id });
    const described = await call(t.app, updateCrmJobDescription, { _id: job._id, content: '<p>New</p>' }, admin);
    expect(described.body.data.content).toBe('<p>New</p>');
    const published = await call(t.app, calls.setStatus, { _id: job._id, status: 'PUBLISHED' }, admin);
    expect(published.body.data.postedOn).toBeTruthy();
    await anApplicationOn(job, w.orgB.adminToken);
    const listed = await call(t.app, calls.list, { limit: 'ALL', filter: { clientId: job.clientId } }, admin);
    expect(listed.body.data.results).toEqual([expect.objectContaining({ _id: job._id, applicationCount: 1 })]);
    expect((await call(t.app, calls.remove, { _id: job._id }, admin)).status).toBe(200);
    expect((await call(t.app, calls.details, { _id: job._id }, w.orgB.adminToken)).status).toBe(404);
  });

  it('take their applications with them when deleted: soft-deleted and logged, out of the candidate’s list and off their stage', async () => {
    const own = await call(
      t.app,
      hiringPipeline.calls.create,
      {
        title: 'Short',
        items: [{ stage: { title: 'Long list', stageType: 'LONG_LIST' } }, { stage: { title: 'Hired', stageType: 'HIRED' } }],
      },
      w.orgA.adminToken,
    );
    const pipeline = own.body.data as PipelineRecord;
    const job = await aCrmJob(t.app, w.orgA.adminToken, { pipelineId: pipeline._id });
    const { candidateId, applicationId } = await anApplicationOn(job);
    const items = pipeline.items.map((item) => ({
      _id: item._id,
      stage: { title: item.stage.title, stageType: item.stage.stageType },
      enabled: item.stage.stageType !== 'LONG_LIST',
    }));
    const held = await call(t.app, hiringPipeline.calls.update, { _id: pipeline._id, items }, w.orgA.adminToken);
    expect(held.body.message).toBe('Move the application at Long list before disabling it');
    expect((await call(t.app, calls.remove, { _id: job._id }, w.orgA.adminToken)).status).toBe(200);
    const theirs = await call(t.app, candidateApplicationList, { candidateId, limit: 'ALL' }, w.orgA.adminToken);
    expect(theirs.status, theirs.body.message).toBe(200);
    expect(theirs.body.data.results).toEqual([]);
    expect((await logsOf(t.app, applicationId)).map((log) => log.action)).toContain('DELETE');
    // The stage it sat at holds nothing now.
    const off = await call(t.app, hiringPipeline.calls.update, { _id: pipeline._id, items }, w.orgA.adminToken);
    expect(off.status, off.body.message).toBe(200);
  });
});
