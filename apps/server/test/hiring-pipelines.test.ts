import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { addToLongList, applicationStages } from '@app/contract/resources/hiring/job-application';
import { defaultHiringPipeline, hiringPipeline, stageTypes } from '@app/contract/resources/hiring/pipeline';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmJobApplications } from '../src/db/schema/hiring';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aCrmJob, defaultPipelineOf, type PipelineRecord, stageIdOf } from './support/hiring';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anOrganisation, aStaffMember, aUser, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const calls = hiringPipeline.calls;

const aPipeline = async (token: string, input: Record<string, unknown> = {}) => {
  const made = await call(
    t.app,
    calls.create,
    {
      title: 'Graduate scheme',
      items: [
        { stage: { title: 'Applied', stageType: 'APPLIED' } },
        { stage: { title: 'Assessment centre', stageType: 'SCREENING' } },
        { stage: { title: 'Hired', stageType: 'HIRED' } },
      ],
      ...input,
    },
    token,
  );
  expect(made.status, made.body.message).toBe(200);
  return made.body.data as PipelineRecord;
};

/** An application of a new job on the pipeline, moved to a stage by the applications' own calls. */
const anApplicationAt = async (pipelineId: string, stageId: string) => {
  const job = await aCrmJob(t.app, w.orgA.adminToken, { pipelineId });
  const person = await aCandidate(t.app, w.orgA.adminToken);
  const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, w.orgA.adminToken);
  expect(added.status, added.body.message).toBe(200);
  const moved = await call(
    t.app,
    applicationStages.move,
    { jobApplicationId: added.body.data.added[0]._id, pipelineItemId: stageId },
    w.orgA.adminToken,
  );
  expect(moved.status, moved.body.message).toBe(200);
};

const itemsSent = (pipeline: PipelineRecord) =>
  pipeline.items.map((item) => ({
    _id: item._id,
    stage: { title: item.stage.title, stageType: item.stage.stageType },
    enabled: item.enabled,
  }));

describe('hiring pipelines (crm.md §3, §4, §6; DECISIONS.md §11)', () => {
  it('take the six calls of calls.tsv at their paths', () => {
    expect(Object.values(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /hiring-pipeline/',
      'PUT /hiring-pipeline/',
      'POST /hiring-pipeline/details',
      'POST /hiring-pipeline/list',
      'POST /hiring-pipeline/delete',
    ]);
  });

  it('give each organisation one default pipeline with the 13 stage types in order, made once on first use', async () => {
    const org = await anOrganisation(t.app, w.root);
    const [first, second] = await Promise.all([defaultPipelineOf(t.app, org.adminToken), defaultPipelineOf(t.app, org.adminToken)]);
    expect(first._id).toBe(second._id);
    expect(first.systemDefaultPipeline).toBe(true);
    expect(first.items.map((item) => item.stage.stageType)).toEqual([...stageTypes]);
    expect(first.items.every((item) => item.enabled)).toBe(true);
    const listed = await call(t.app, calls.list, { limit: 'ALL' }, org.adminToken);
    expect(listed.status, listed.body.message).toBe(200);
    expect(listed.body.data.results.filter((p: PipelineRecord) => p.systemDefaultPipeline)).toHaveLength(1);
    expect(listed.body.data.results[0].items).toHaveLength(13);
  });

  it('are listed with their stages in a new organisation before anyone asks for the default', async () => {
    const org = await anOrganisation(t.app, w.root);
    const listed = await call(t.app, calls.list, {}, org.adminToken);
    expect(listed.status, listed.body.message).toBe(200);
    expect(listed.body.data.results).toHaveLength(1);
    expect(listed.body.data.results[0]).toMatchObject({ title: 'Default pipeline', systemDefaultPipeline: true });
  });

  it('let client users of the organisation read the default pipeline, and nobody else', async () => {
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: newId() });
    const mine = await defaultPipelineOf(t.app, w.orgA.adminToken);
    expect((await defaultPipelineOf(t.app, clientUser.token))._id).toBe(mine._id);
    for (const token of [w.seeker.token, w.platformAdmin.token, (await aUser(t.app, { userType: 'RECRUITER' })).token]) {
      expect((await call(t.app, { method: 'POST', path: '/hiring-pipeline/get-default' }, {}, token)).status).toBe(403);
    }
    expect((await call(t.app, calls.list, {}, clientUser.token)).status).toBe(403);
  });

  it('are for staff only: job seekers, recruiters, client users and the platform admin are refused', async () => {
    const mine = await aPipeline(w.orgA.adminToken);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: newId() });
    const recruiter = await aUser(t.app, { userType: 'RECRUITER' });
    for (const token of [w.seeker.token, recruiter.token, clientUser.token, w.platformAdmin.token]) {
      for (const [spec, body] of [
        [calls.create, { title: 'No', items: [{ stage: { title: 'A', stageType: 'APPLIED' } }] }],
        [calls.update, { _id: mine._id, title: 'No' }],
        [calls.details, { _id: mine._id }],
        [calls.list, {}],
        [calls.remove, { _id: mine._id }],
      ] as const) {
        expect((await call(t.app, spec, body, token)).status, spec.path).toBe(403);
      }
    }
  });

  it('refuse a blank title and a pipeline without stages', async () => {
    const blank = await call(
      t.app,
      calls.create,
      { title: ' ', items: [{ stage: { title: 'A', stageType: 'APPLIED' } }] },
      w.orgA.adminToken,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide a title.');
    const empty = await call(t.app, calls.create, { title: 'Empty', items: [] }, w.orgA.adminToken);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A pipeline needs at least one stage');
    const badId = await call(t.app, calls.details, { _id: 'nope' }, w.orgA.adminToken);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('_id must be a valid mongoId');
  });

  it('rename, reorder, disable, add and remove stages, keeping the ids of those kept', async () => {
    const made = await aPipeline(w.orgA.adminToken);
    const [applied, assessment, hired] = made.items as [PipelineRecord['items'][0], PipelineRecord['items'][0], PipelineRecord['items'][0]];
    const updated = await call(
      t.app,
      calls.update,
      {
        _id: made._id,
        items: [
          { _id: applied._id, stage: { title: 'Applied online', stageType: 'APPLIED' } },
          { stage: { title: 'Phone screen', stageType: 'SCREENING' } },
          { _id: hired._id, stage: { title: 'Hired', stageType: 'HIRED' }, enabled: false },
        ],
      },
      w.orgA.adminToken,
    );
    expect(updated.status, updated.body.message).toBe(200);
    const details = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    const items = details.body.data.items as PipelineRecord['items'];
    expect(items.map((item) => [item.stage.title, item.enabled])).toEqual([
      ['Applied online', true],
      ['Phone screen', true],
      ['Hired', false],
    ]);
    expect(items[0]?._id).toBe(applied._id);
    expect(items.map((item) => item._id)).not.toContain(assessment._id);
  });

  it('refuse a stage _id of another pipeline', async () => {
    const one = await aPipeline(w.orgA.adminToken);
    const other = await aPipeline(w.orgA.adminToken);
    const refused = await call(
      t.app,
      calls.update,
      { _id: one._id, items: [{ _id: other.items[0]?._id, stage: { title: 'Stolen', stageType: 'APPLIED' } }] },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A stage sent with an _id is not one of this pipeline’s stages');
  });

  it('keep a stage holding applications until they are moved: it cannot be disabled or removed', async () => {
    const made = await aPipeline(w.orgA.adminToken);
    const screening = made.items[1] as PipelineRecord['items'][0];
    await anApplicationAt(made._id, screening._id);
    await anApplicationAt(made._id, screening._id);
    const disable = itemsSent(made).map((item) => (item._id === screening._id ? { ...item, enabled: false } : item));
    const disabled = await call(t.app, calls.update, { _id: made._id, items: disable }, w.orgA.adminToken);
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toBe('Move the 2 applications at Assessment centre before disabling it');
    const removed = await call(
      t.app,
      calls.update,
      { _id: made._id, items: itemsSent(made).filter((item) => item._id !== screening._id) },
      w.orgA.adminToken,
    );
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe('Move the 2 applications at Assessment centre before removing it');
    const after = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    expect(after.body.data.items).toHaveLength(3);
  });

  it('copy: a new pipeline from another’s stages', async () => {
    const source = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const copy = await aPipeline(w.orgA.adminToken, {
      title: 'Copy of default',
      items: source.items.map((item) => ({ stage: { title: item.stage.title, stageType: item.stage.stageType } })),
    });
    expect(copy.systemDefaultPipeline).toBe(false);
    expect(copy.items.map((item) => item.stage.stageType)).toEqual([...stageTypes]);
    expect(copy.items.map((item) => item._id)).not.toContain(source.items[0]?._id);
  });

  it('never delete the default pipeline, nor one a job uses', async () => {
    const fallback = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const refused = await call(t.app, calls.remove, { _id: fallback._id }, w.orgA.adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The default pipeline cannot be deleted');
    const used = await aPipeline(w.orgA.adminToken);
    await aCrmJob(t.app, w.orgA.adminToken, { pipelineId: used._id });
    const inUse = await call(t.app, calls.remove, { _id: used._id }, w.orgA.adminToken);
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toBe('This pipeline is used by a job: give it another pipeline first');
    const second = await aCrmJob(t.app, w.orgA.adminToken, { pipelineId: used._id });
    const twice = await call(t.app, calls.remove, { _id: used._id }, w.orgA.adminToken);
    expect(twice.body.message).toBe('This pipeline is used by 2 jobs: give them another pipeline first');
    // A deleted job holds it no longer.
    expect((await call(t.app, crmJob.calls.remove, { _id: second._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await call(t.app, calls.remove, { _id: used._id }, w.orgA.adminToken)).body.message).toBe(inUse.body.message);
    const unused = await aPipeline(w.orgA.adminToken);
    const gone = await call(t.app, calls.remove, { _id: unused._id }, w.orgA.adminToken);
    expect(gone.status, gone.body.message).toBe(200);
    expect((await call(t.app, calls.details, { _id: unused._id }, w.orgA.adminToken)).status).toBe(404);
  });

  it('are another organisation’s 404, and need the Hiring Pipeline permission', async () => {
    const theirs = await aPipeline(w.orgB.adminToken);
    expect((await call(t.app, calls.details, { _id: theirs._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.update, { _id: theirs._id, title: 'Mine now' }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.remove, { _id: theirs._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, calls.details, { _id: theirs._id }, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, defaultHiringPipeline, {}, w.staffA.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Hiring Pipeline', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    expect((await call(t.app, calls.list, {}, staff.token)).status).toBe(200);
    expect((await call(t.app, defaultHiringPipeline, {}, staff.token)).status).toBe(200);
    expect(
      (await call(t.app, calls.create, { title: 'No', items: [{ stage: { title: 'A', stageType: 'APPLIED' } }] }, staff.token)).status,
    ).toBe(403);
    const fallback = await defaultPipelineOf(t.app, w.orgA.adminToken);
    expect((await call(t.app, calls.update, { _id: fallback._id, title: 'Mine' }, staff.token)).status).toBe(403);
    expect((await call(t.app, calls.remove, { _id: fallback._id }, staff.token)).status).toBe(403);
    expect((await call(t.app, calls.list, {}, w.seeker.token)).status).toBe(403);
  });
  it('reorder stages by the order sent (or the orderNo given), switch them back on, and log each stage written', async () => {
    const made = await aPipeline(w.orgA.adminToken);
    const [applied, assessment, hired] = itemsSent(made) as [
      ReturnType<typeof itemsSent>[0],
      ReturnType<typeof itemsSent>[0],
      ReturnType<typeof itemsSent>[0],
    ];
    const reordered = await call(
      t.app,
      calls.update,
      { _id: made._id, items: [hired, applied, { ...assessment, enabled: false }] },
      w.orgA.adminToken,
    );
    expect(reordered.status, reordered.body.message).toBe(200);
    const order = (answer: typeof reordered) => (answer.body.data.items as PipelineRecord['items']).map((item) => [item._id, item.enabled]);
    expect(order(reordered)).toEqual([
      [hired._id, true],
      [applied._id, true],
      [assessment._id, false],
    ]);
    const numbered = await call(
      t.app,
      calls.update,
      {
        _id: made._id,
        items: [
          { ...hired, orderNo: 9 },
          { ...applied, orderNo: 1 },
          { ...assessment, orderNo: 5 },
        ],
      },
      w.orgA.adminToken,
    );
    expect(order(numbered)).toEqual([
      [applied._id, true],
      [assessment._id, true],
      [hired._id, true],
    ]);
    expect((await logsOf(t.app, assessment._id as string)).map((log) => [log.entityType, log.action])).toEqual([
      ['PipelineItem', 'CREATE'],
      ['PipelineItem', 'UPDATE'],
      ['PipelineItem', 'UPDATE'],
    ]);
    const offAll = await call(
      t.app,
      calls.update,
      { _id: made._id, items: itemsSent(made).map((item) => ({ ...item, enabled: false })) },
      w.orgA.adminToken,
    );
    expect(offAll.status).toBe(400);
    expect(offAll.body.message).toBe('A pipeline needs at least one enabled stage');
  });

  it('refuse to remove a stage of the default pipeline holding applications, naming it', async () => {
    const fallback = await defaultPipelineOf(t.app, w.orgA.adminToken);
    const shortList = stageIdOf(fallback, 'SHORT_LIST');
    for (let i = 0; i < 3; i++) await anApplicationAt(fallback._id, shortList);
    const removed = await call(
      t.app,
      calls.update,
      { _id: fallback._id, items: itemsSent(fallback).filter((item) => item._id !== shortList) },
      w.orgA.adminToken,
    );
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe('Move the 3 applications at Short list before removing it');
    expect(removed.body.data.errors).toEqual([{ field: 'items', message: removed.body.message }]);
  });
  it('never leave an application at a disabled stage when a move and the disabling meet', async () => {
    const made = await aPipeline(w.orgA.adminToken);
    const [applied, screening] = made.items as [PipelineRecord['items'][0], PipelineRecord['items'][0]];
    await anApplicationAt(made._id, applied._id);
    const application = await t.app.database.db
      .select({ id: crmJobApplications.id })
      .from(crmJobApplications)
      .where(eq(crmJobApplications.pipelineId, made._id));
    const disable = itemsSent(made).map((item) => (item._id === screening._id ? { ...item, enabled: false } : item));
    const [moved, disabled] = await Promise.all([
      call(t.app, applicationStages.move, { jobApplicationId: application[0]?.id, pipelineItemId: screening._id }, w.orgA.adminToken),
      call(t.app, calls.update, { _id: made._id, items: disable }, w.orgA.adminToken),
    ]);
    // One of them wins; the other is refused with its reason.
    expect([moved.status, disabled.status].sort()).toEqual([200, 400]);
    const after = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    const stage = (after.body.data.items as PipelineRecord['items']).find((item) => item._id === screening._id);
    expect(stage?.enabled).toBe(moved.status === 200);
  });
});
