import { clientApplicationList, clientMoveToStage } from '@app/contract/resources/hiring/client-applications';
import {
  clientJobCreate,
  clientJobDelete,
  clientJobDetails,
  clientJobList,
  clientJobUpdate,
  clientJobUpdateDescription,
} from '@app/contract/resources/hiring/client-jobs';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { addToLongList, crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { crmJobs } from '../src/db/schema/hiring';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aClientOf, aCrmJob, defaultPipelineOf } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type ClientJob = {
  _id: string;
  title: string;
  content: string;
  status: string;
  clientId: string;
  pipelineId: string;
  client?: { _id: string; label: string | null } | null;
  applicationCount?: number;
  stages?: { _id: string; label: string; stageType: string }[];
};

/** A client of organisation A with its portal user. */
const aPortal = async (token = w.orgA.adminToken, organisationId = w.orgA.id) => {
  const client = await aClientOf(t.app, token);
  const portal = await aClientUser(t.app, { organisationId, clientId: client._id });
  return { client, token: portal.token };
};

const jobInput = (input: Record<string, unknown> = {}) => ({
  title: 'Warehouse shift lead',
  content: '<p>Lead the <strong>night shift</strong><script>alert(1)</script></p>',
  workModel: 'ON_SITE',
  jobTypes: [1],
  address: { city: 'Leeds', postCode: 'LS1 4AP' },
  salaries: [{ min: 32000, max: 36000, duration: 'YEAR' }],
  ...input,
});

const aClientJob = async (token: string, input: Record<string, unknown> = {}) => {
  const made = await call(t.app, clientJobCreate, jobInput(input), token);
  expect(made.status, made.body.message).toBe(200);
  return made.body.data as ClientJob;
};

describe('the client portal’s own jobs (crm.md §3 Job (CRM), §6; DECISIONS.md §6, §8, §11)', () => {
  it('take the six calls of calls.tsv at their paths, for client users only', () => {
    const calls = [clientJobCreate, clientJobUpdate, clientJobUpdateDescription, clientJobDetails, clientJobList, clientJobDelete];
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [
        'POST /client/job/',
        'PUT /client/job/',
        'PUT /client/job/update-description',
        'POST /client/job/details',
        'POST /client/job/list',
        'POST /client/job/delete',
      ].sort(),
    );
    for (const c of calls) expect(c.who).toEqual(['CRM_CLIENT_USER']);
  });

  it('add a job of the caller’s own client, a DRAFT on the default pipeline, sanitised, filed under the client’s owner and logged as theirs', async () => {
    const { client, token } = await aPortal();
    const made = await call(t.app, clientJobCreate, jobInput(), token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.message).toBe('Created successfully');
    const job = made.body.data as ClientJob;
    const fallback = await defaultPipelineOf(t.app, w.orgA.adminToken);
    expect(job).toMatchObject({
      title: 'Warehouse shift lead',
      status: 'DRAFT',
      clientId: client._id,
      pipelineId: fallback._id,
      postedOn: null,
      workModel: 'ON_SITE',
      jobTypes: [1],
      client: { _id: client._id, label: client.name },
    });
    expect(job.content).toBe('<p>Lead the <strong>night shift</strong></p>');
    // The agency's own fields stay the agency's.
    for (const key of ['meta', 'boardJobId', 'ownerId']) expect(job).not.toHaveProperty(key);
    // Staff see it as any job of theirs: the client's owner (here the admin who added the client) holds it.
    const staffView = await call(t.app, crmJob.calls.details, { _id: job._id }, w.orgA.adminToken);
    expect(staffView.status).toBe(200);
    expect(staffView.body.data).toMatchObject({ clientId: client._id, status: 'DRAFT', meta: null, boardJobId: null });
    const [row] = await t.app.database.db.select({ ownerId: crmJobs.ownerId }).from(crmJobs).where(eq(crmJobs.id, job._id));
    expect(row?.ownerId).toBeTruthy();
    expect(row?.ownerId).toBe(await clientOwnerOf(client._id));
    // The audit log names the client user.
    const [created] = await logsOf(t.app, job._id);
    expect(created).toMatchObject({ entityType: 'CrmJob', action: 'CREATE', user: { name: 'Cleo Client' } });
  });

  it('say the staff job’s messages', async () => {
    const { token } = await aPortal();
    const noTitle = await call(t.app, clientJobCreate, jobInput({ title: ' ' }), token);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('Please provide a title.');
    const missingTitle = await call(t.app, clientJobCreate, { content: '<p>x</p>' }, token);
    expect(missingTitle.body.message).toBe('Please provide a title.');
    const noContent = await call(t.app, clientJobCreate, jobInput({ content: '' }), token);
    expect(noContent.status).toBe(400);
    expect(noContent.body.message).toBe('Please fill the job content');
    // Content that sanitising empties is no description either.
    const onlyScript = await call(t.app, clientJobCreate, jobInput({ content: '<script>alert(1)</script>' }), token);
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.message).toBe('Please fill the job content');
    const job = await aClientJob(token);
    const blankTitle = await call(t.app, clientJobUpdate, { _id: job._id, title: '' }, token);
    expect(blankTitle.body.message).toBe('Please provide a title.');
    const blankDescription = await call(t.app, clientJobUpdateDescription, { _id: job._id, content: '<script>x</script>' }, token);
    expect(blankDescription.status).toBe(400);
    expect(blankDescription.body.message).toBe('Please fill the job content');
    const noDescription = await call(t.app, clientJobUpdateDescription, { _id: job._id }, token);
    expect(noDescription.body.message).toBe('Please fill the job content');
  });

  it('refuse the keys that are the agency’s or the system’s (400)', async () => {
    const { token } = await aPortal();
    const other = await aClientOf(t.app, w.orgA.adminToken);
    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const refused: Record<string, unknown> = {
      _id: '65f1c0ffee0000000000abcd',
      itemId: { prefix: 'JOB', number: 1 },
      meta: { a: 1 },
      status: 'PUBLISHED',
      pipelineId: pipeline._id,
      pipeline: { _id: pipeline._id },
      boardJobId: '65f1c0ffee0000000000abce',
      postedOn: '2026-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      applicationStartDate: '2026-01-01',
      clientId: other._id,
      organisationId: w.orgB.id,
    };
    const job = await aClientJob(token);
    for (const [key, value] of Object.entries(refused)) {
      const create = await call(t.app, clientJobCreate, jobInput({ [key]: value }), token);
      expect(create.status, `create with ${key}`).toBe(400);
      if (key === '_id') continue;
      const update = await call(t.app, clientJobUpdate, { _id: job._id, [key]: value }, token);
      expect(update.status, `update with ${key}`).toBe(400);
    }
    const described = await call(t.app, clientJobUpdateDescription, { _id: job._id, content: '<p>x</p>', title: 'y' }, token);
    expect(described.status).toBe(400);
    const still = await call(t.app, clientJobDetails, { _id: job._id }, token);
    expect(still.body.data).toMatchObject({ status: 'DRAFT', title: 'Warehouse shift lead' });
  });

  it('update the fields sent and the description (sanitised), leaving the rest as it was', async () => {
    const { token } = await aPortal();
    const job = await aClientJob(token);
    const updated = await call(t.app, clientJobUpdate, { _id: job._id, title: 'Night shift lead' }, token);
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.message).toBe('Updated successfully');
    expect(updated.body.data).toMatchObject({
      title: 'Night shift lead',
      jobTypes: [1],
      salaries: [{ min: 32000, max: 36000, duration: 'YEAR' }],
      address: { city: 'Leeds' },
    });
    const described = await call(
      t.app,
      clientJobUpdateDescription,
      { _id: job._id, content: '<p>New <em>words</em><img src=x onerror=alert(1)></p>' },
      token,
    );
    expect(described.status, described.body.message).toBe(200);
    expect(described.body.data.content).not.toMatch(/onerror/);
    expect(described.body.data.content).toContain('<em>words</em>');
    const actions = (await logsOf(t.app, job._id)).map((entry) => [entry.action, (entry.user as { name?: string } | null)?.name]);
    expect(actions).toEqual([
      ['CREATE', 'Cleo Client'],
      ['UPDATE', 'Cleo Client'],
      ['UPDATE', 'Cleo Client'],
    ]);
  });

  it('answer details with the enabled stages of the job’s pipeline in order, and list the client’s jobs with their applications', async () => {
    const { client, token } = await aPortal();
    const pipeline = await call(
      t.app,
      hiringPipeline.calls.create!,
      {
        title: 'Client pipeline',
        items: [
          { stage: { title: 'Applied', stageType: 'APPLIED' } },
          { stage: { title: 'Phone screen', stageType: 'SCREENING' }, enabled: false },
          { stage: { title: 'Panel', stageType: 'INTERVIEWING' } },
          { stage: { title: 'Hired', stageType: 'HIRED' } },
        ],
      },
      w.orgA.adminToken,
    );
    expect(pipeline.status, pipeline.body.message).toBe(200);
    const staffJob = await aCrmJob(t.app, w.orgA.adminToken, { clientId: client._id, pipelineId: pipeline.body.data._id });
    const details = await call(t.app, clientJobDetails, { _id: staffJob._id }, token);
    expect(details.status, details.body.message).toBe(200);
    const stages = (details.body.data as ClientJob).stages ?? [];
    expect(stages.map((stage) => [stage.label, stage.stageType])).toEqual([
      ['Applied', 'APPLIED'],
      ['Panel', 'INTERVIEWING'],
      ['Hired', 'HIRED'],
    ]);
    expect(stages[0]?._id).toEqual(expect.any(String));
    expect(details.body.data).not.toHaveProperty('meta');

    // The client's board: an application on the job, moved by the client to a stage the details named.
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [staffJob._id] }, w.orgA.adminToken);
    const applicationId = added.body.data.added[0]._id as string;
    const cards = await call(t.app, clientApplicationList, { filter: { jobId: staffJob._id }, limit: 'ALL' }, token);
    expect(cards.body.data.results.map((card: { _id: string }) => card._id)).toEqual([applicationId]);
    const panel = stages[1] as { _id: string };
    const moved = await call(t.app, clientMoveToStage, { jobApplicationId: applicationId, pipelineItemId: panel._id }, token);
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.currentStage).toMatchObject({ _id: panel._id, label: 'Panel' });

    const own = await aClientJob(token, { title: 'Forklift driver' });
    const theirs = await aPortal();
    await aClientJob(theirs.token, { title: 'Someone else’s job' });
    const listed = await call(t.app, clientJobList, { limit: 'ALL' }, token);
    expect(listed.status, listed.body.message).toBe(200);
    const rows = listed.body.data.results as ClientJob[];
    expect(rows.map((row) => row._id).sort()).toEqual([staffJob._id, own._id].sort());
    expect(rows.find((row) => row._id === staffJob._id)?.applicationCount).toBe(1);
    expect(rows.find((row) => row._id === own._id)?.applicationCount).toBe(0);
    for (const row of rows) expect(row).not.toHaveProperty('boardJobId');
    const drafts = await call(t.app, clientJobList, { filter: { status: 'DRAFT' }, search: 'Forklift' }, token);
    expect(drafts.body.data.results.map((row: ClientJob) => row._id)).toEqual([own._id]);
    // The staff list's filters that are the agency's are no filter of theirs.
    expect((await call(t.app, clientJobList, { filter: { clientId: client._id } }, token)).status).toBe(400);
  });

  it('delete a job as staff delete it: soft, with its applications, and logged as the client user’s', async () => {
    const { client, token } = await aPortal();
    const job = await aClientJob(token);
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, w.orgA.adminToken);
    expect(added.status, added.body.message).toBe(200);
    const applicationId = added.body.data.added[0]._id as string;
    const removed = await call(t.app, clientJobDelete, { _id: job._id }, token);
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Deleted successfully', data: { _id: job._id } });
    expect((await call(t.app, clientJobDetails, { _id: job._id }, token)).status).toBe(404);
    expect((await call(t.app, crmJob.calls.details, { _id: job._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, crmJobApplication.calls.details, { _id: applicationId }, w.orgA.adminToken)).status).toBe(404);
    const [row] = await t.app.database.db.select({ isDeleted: crmJobs.isDeleted }).from(crmJobs).where(eq(crmJobs.id, job._id));
    expect(row?.isDeleted).toBe(true);
    expect((await logsOf(t.app, job._id)).at(-1)).toMatchObject({ action: 'DELETE', user: { name: 'Cleo Client' } });
    expect(client._id).toBeTruthy();
  });

  it('find nothing of another client of the organisation, nor of another organisation (404)', async () => {
    const mine = await aPortal();
    const sibling = await aPortal();
    const siblingJob = await aClientJob(sibling.token);
    const staffJobOfSibling = await aCrmJob(t.app, w.orgA.adminToken, { clientId: sibling.client._id });
    const elsewhere = await aCrmJob(t.app, w.orgB.adminToken);
    for (const id of [siblingJob._id, staffJobOfSibling._id, elsewhere._id]) {
      for (const [spec, body] of [
        [clientJobDetails, { _id: id }],
        [clientJobUpdate, { _id: id, title: 'Mine now' }],
        [clientJobUpdateDescription, { _id: id, content: '<p>Mine now</p>' }],
        [clientJobDelete, { _id: id }],
      ] as const) {
        const answer = await call(t.app, spec, body, mine.token);
        expect(answer.status, `${spec.name} of ${id}`).toBe(404);
      }
    }
    const unchanged = await call(t.app, clientJobDetails, { _id: siblingJob._id }, sibling.token);
    expect(unchanged.body.data.title).toBe('Warehouse shift lead');
  });

  it('are for client users only: staff and job seekers 403, the signed-out 401', async () => {
    const { token } = await aPortal();
    const job = await aClientJob(token);
    const requests = [
      [clientJobCreate, jobInput()],
      [clientJobUpdate, { _id: job._id, title: 'x' }],
      [clientJobUpdateDescription, { _id: job._id, content: '<p>x</p>' }],
      [clientJobDetails, { _id: job._id }],
      [clientJobList, {}],
      [clientJobDelete, { _id: job._id }],
    ] as const;
    for (const [spec, body] of requests) {
      expect((await call(t.app, spec, body, w.orgA.adminToken)).status, `${spec.name} by staff`).toBe(403);
      expect((await call(t.app, spec, body, w.staffA.token)).status, `${spec.name} by staff without roles`).toBe(403);
      expect((await call(t.app, spec, body, w.seeker.token)).status, `${spec.name} by a job seeker`).toBe(403);
      expect((await call(t.app, spec, body)).status, `${spec.name} signed out`).toBe(401);
    }
    expect((await call(t.app, clientJobDetails, { _id: job._id }, token)).status).toBe(200);
  });
});

/** The staff member who holds a client (its owner), as stored. */
const clientOwnerOf = async (clientId: string) => {
  const [row] = await t.app.database.db.select({ ownerId: clients.ownerId }).from(clients).where(eq(clients.id, clientId));
  return row?.ownerId;
};
