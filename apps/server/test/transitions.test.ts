import { maxAtOnce, siblingOfList } from '@app/contract/conventions/bulk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../src/engine/errors';
import type { Transition } from '../src/engine/transitions';
import { logsOf } from './support/entity-log';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aPipeline, pipelineStages, registerTestPipeline, testApplication, testApplications, testStages } from './support/test-pipeline';
import { aWorld, type World } from './support/world';

const move = pipelineStages.move;
const moveMany = pipelineStages.moveMany;
const bulk = { method: 'PUT' as const, path: siblingOfList(testApplication, 'bulk') as string };
/** What afterTransition saw, once each transaction had committed. */
const after: { stage: string; count: number }[] = [];
/** The resource's own update hooks, as a move runs them: off unless a test turns them on. */
const hooked = { on: false, refuse: false, seen: [] as string[] };

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: (app) =>
      registerTestPipeline(
        app,
        {
          afterTransition: ({ moves }: { moves: Transition[] }) => {
            after.push({ stage: moves[0]?.toType ?? '', count: moves.length });
          },
        },
        {
          beforeUpdate: ({ values, before, action }) => {
            if (!hooked.on) return values;
            if (hooked.refuse) throw badRequest('Refused by the update hook');
            hooked.seen.push(`before ${action} ${before.title}`);
            return { ...values, title: `${before.title} (moved)` };
          },
          afterWrite: ({ operation, record }) => {
            if (hooked.on) hooked.seen.push(`after ${operation} ${record.title}`);
          },
        },
      ),
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const anApplication = async (token: string, pipelineId: string, stageId: string | null = null) => {
  const made = await call(t.app, testApplication.calls.create, { title: 'Applicant', pipelineId, stageId }, token);
  expect(made.status, made.body.message).toBe(200);
  return made.body.data._id as string;
};

const stored = async (id: string) => {
  const [row] = await t.app.database.db.select().from(testApplications).where(eq(testApplications.id, id));
  return row as typeof testApplications.$inferSelect;
};

describe('moves through stages that are rows of a pipeline', () => {
  it('moves one: the stage is set, the history gains who, which stage, when and remarks, and the log says from what to what', async () => {
    const { pipelineId, stage } = await aPipeline(t.app, w.orgA.id);
    const id = await anApplication(w.orgA.adminToken, pipelineId, stage.APPLIED);
    after.length = 0;
    const moved = await call(
      t.app,
      move,
      { jobApplicationId: id, pipelineItemId: stage.SHORT_LIST, remarks: 'Strong CV' },
      w.orgA.adminToken,
    );
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.message).toBe('Moved successfully');
    expect(moved.body.data.stageId).toBe(stage.SHORT_LIST);
    expect(moved.body.data.stageHistory).toEqual([
      {
        movedBy: { _id: expect.any(String), name: expect.any(String) },
        stage: stage.SHORT_LIST,
        movedAt: expect.any(String),
        remarks: 'Strong CV',
      },
    ]);
    expect((await stored(id)).stageHistory).toEqual(moved.body.data.stageHistory);
    const logs = await logsOf(t.app, id);
    expect(logs.map((log) => log.action)).toEqual(['CREATE', 'STATUS_CHANGE']);
    expect(logs[1]?.from).toMatchObject({ stageId: stage.APPLIED, stageHistory: [] });
    expect(logs[1]?.to).toMatchObject({ stageId: stage.SHORT_LIST });
    expect(after).toEqual([{ stage: 'SHORT_LIST', count: 1 }]);

    // Already there: nothing written, no hook.
    const again = await call(t.app, move, { jobApplicationId: id, pipelineItemId: stage.SHORT_LIST }, w.orgA.adminToken);
    expect(again.status).toBe(200);
    expect(again.body.data.stageHistory).toHaveLength(1);
    expect(after).toHaveLength(1);
  });

  it('refuses a stage of another pipeline (400), of another organisation (404), a disabled one and a disallowed move, writing nothing', async () => {
    const mine = await aPipeline(t.app, w.orgA.id);
    const other = await aPipeline(t.app, w.orgA.id);
    const theirs = await aPipeline(t.app, w.orgB.id);
    const id = await anApplication(w.orgA.adminToken, mine.pipelineId, mine.stage.APPLIED);

    const elsewhere = await call(t.app, move, { jobApplicationId: id, pipelineItemId: other.stage.SHORT_LIST }, w.orgA.adminToken);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('The stage is not in this test application’s own pipeline');
    const foreign = await call(t.app, move, { jobApplicationId: id, pipelineItemId: theirs.stage.SHORT_LIST }, w.orgA.adminToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Test Stage not found');
    const malformed = await call(t.app, move, { jobApplicationId: id, pipelineItemId: 'x' }, w.orgA.adminToken);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('pipeline item id must be a valid mongoId');

    await t.app.database.db.update(testStages).set({ enabled: false }).where(eq(testStages.id, mine.stage.OFFERED));
    const disabled = await call(t.app, move, { jobApplicationId: id, pipelineItemId: mine.stage.OFFERED }, w.orgA.adminToken);
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toBe('This stage is disabled: it takes no records');

    expect((await call(t.app, move, { jobApplicationId: id, pipelineItemId: mine.stage.HIRED }, w.orgA.adminToken)).status).toBe(200);
    const final = await call(t.app, move, { jobApplicationId: id, pipelineItemId: mine.stage.APPLIED }, w.orgA.adminToken);
    expect(final.status).toBe(400);
    expect(final.body.message).toBe('A test application at HIRED cannot move to APPLIED');
    const row = await stored(id);
    expect(row.stageId).toBe(mine.stage.HIRED);
    expect(row.stageHistory).toHaveLength(1);
  });

  it('a multi-move with an id out of the caller’s scope is a 404 and moves none of them', async () => {
    const mine = await aPipeline(t.app, w.orgA.id);
    const theirs = await aPipeline(t.app, w.orgB.id);
    const ids = [await anApplication(w.orgA.adminToken, mine.pipelineId), await anApplication(w.orgA.adminToken, mine.pipelineId)];
    const foreign = await anApplication(w.orgB.adminToken, theirs.pipelineId);
    const refused = await call(
      t.app,
      moveMany,
      { jobApplicationIds: [...ids, foreign], pipelineItemId: mine.stage.SHORT_LIST },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Test application not found');
    for (const id of ids) expect((await stored(id)).stageId).toBeNull();
    expect(
      (await call(t.app, move, { jobApplicationId: foreign, pipelineItemId: theirs.stage.SHORT_LIST }, w.orgA.adminToken)).status,
    ).toBe(404);
    // Not staff: the user type is refused before anything is read.
    expect((await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: mine.stage.SHORT_LIST }, w.seeker.token)).status).toBe(
      403,
    );

    const moved = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: mine.stage.SHORT_LIST }, w.orgA.adminToken);
    expect(moved.status).toBe(200);
    expect(moved.body.data.changed).toBe(2);
    expect(moved.body.message).toBe('2 records moved');
    for (const id of ids) expect((await stored(id)).stageId).toBe(mine.stage.SHORT_LIST);
  });

  it('two multi-moves of the same records at once leave every record one entry per move, and the last one its stage', async () => {
    const { pipelineId, stage } = await aPipeline(t.app, w.orgA.id);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await anApplication(w.orgA.adminToken, pipelineId, stage.APPLIED));
    const shuffled = [...ids].reverse();
    const answers = await Promise.all([
      call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: stage.SHORT_LIST, remarks: 'first' }, w.orgA.adminToken),
      call(t.app, moveMany, { jobApplicationIds: shuffled, pipelineItemId: stage.OFFERED, remarks: 'second' }, w.orgA.adminToken),
      call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: stage.OFFERED, remarks: 'double click' }, w.orgA.adminToken),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    let entries = 0;
    for (const id of ids) {
      const row = await stored(id);
      const stagesMoved = (row.stageHistory as { stage: string }[]).map((entry) => entry.stage);
      // Each move found the record where the one before it left it: an entry per change, none twice in a row.
      expect(stagesMoved.length).toBeGreaterThanOrEqual(1);
      for (const [i, moved] of stagesMoved.entries()) expect(moved).not.toBe(i === 0 ? stage.APPLIED : stagesMoved[i - 1]);
      expect(row.stageId).toBe(stagesMoved.at(-1));
      expect((await logsOf(t.app, id)).filter((log) => log.action === 'STATUS_CHANGE')).toHaveLength(stagesMoved.length);
      entries += stagesMoved.length;
    }
    // No lost and no doubled entry: the history holds exactly the changes the three calls answered.
    expect(entries).toBe(answers.reduce((sum, answer) => sum + answer.body.data.changed, 0));
  });
});

describe('a move is a write like any other', () => {
  it('runs the resource’s update hooks for each record: they may refuse the move, and what they derive is written and logged with it', async () => {
    const { pipelineId, stage } = await aPipeline(t.app, w.orgA.id);
    const ids = [
      await anApplication(w.orgA.adminToken, pipelineId, stage.APPLIED),
      await anApplication(w.orgA.adminToken, pipelineId, stage.APPLIED),
    ];
    hooked.on = true;
    try {
      hooked.refuse = true;
      const refused = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: stage.SHORT_LIST }, w.orgA.adminToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Refused by the update hook');
      expect((await stored(ids[0] as string)).stageId).toBe(stage.APPLIED);

      hooked.refuse = false;
      hooked.seen.length = 0;
      const moved = await call(t.app, moveMany, { jobApplicationIds: ids, pipelineItemId: stage.SHORT_LIST }, w.orgA.adminToken);
      expect(moved.status, moved.body.message).toBe(200);
      expect(hooked.seen.sort()).toEqual([
        'after setStatus Applicant (moved)',
        'after setStatus Applicant (moved)',
        'before STATUS_CHANGE Applicant',
        'before STATUS_CHANGE Applicant',
      ]);
      for (const id of ids) {
        const row = await stored(id);
        expect(row.title).toBe('Applicant (moved)');
        expect(row.stageId).toBe(stage.SHORT_LIST);
        const logs = await logsOf(t.app, id);
        expect(logs.at(-1)?.from).toMatchObject({ title: 'Applicant', stageId: stage.APPLIED });
        expect(logs.at(-1)?.to).toMatchObject({ title: 'Applicant (moved)', stageId: stage.SHORT_LIST });
      }
    } finally {
      hooked.on = false;
      hooked.refuse = false;
    }
  });
});

describe('"Move to stage" as a bulk action of the definition’s own', () => {
  it('moves the chosen records in one transaction, checks the value and every id in scope, and caps how many', async () => {
    const { pipelineId, stage } = await aPipeline(t.app, w.orgA.id);
    const theirs = await aPipeline(t.app, w.orgB.id);
    const ids = [await anApplication(w.orgA.adminToken, pipelineId), await anApplication(w.orgA.adminToken, pipelineId)];
    after.length = 0;
    const done = await call(
      t.app,
      bulk,
      { ids, action: 'move-to-stage', value: { stage: stage.SHORT_LIST, remarks: 'From the list' } },
      w.orgA.adminToken,
    );
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toEqual({ changed: 2 });
    for (const id of ids) expect(((await stored(id)).stageHistory as { remarks: string }[])[0]?.remarks).toBe('From the list');
    expect(after).toEqual([{ stage: 'SHORT_LIST', count: 2 }]);

    const foreign = await anApplication(w.orgB.adminToken, theirs.pipelineId);
    const outOfScope = await call(
      t.app,
      bulk,
      { ids: [...ids, foreign], action: 'move-to-stage', value: { stage: stage.OFFERED } },
      w.orgA.adminToken,
    );
    expect(outOfScope.status).toBe(404);
    for (const id of ids) expect((await stored(id)).stageId).toBe(stage.SHORT_LIST);

    // One refused record refuses them all: the action is one transaction.
    await call(t.app, move, { jobApplicationId: ids[0], pipelineItemId: stage.HIRED }, w.orgA.adminToken);
    const partly = await call(t.app, bulk, { ids, action: 'move-to-stage', value: { stage: stage.APPLIED } }, w.orgA.adminToken);
    expect(partly.status).toBe(400);
    expect((await stored(ids[1] as string)).stageId).toBe(stage.SHORT_LIST);

    // Who may take it is checked as its declaration says: staff, with the definition's permission at WRITE.
    for (const token of [w.seeker.token, w.staffA.token]) {
      const refused = await call(t.app, bulk, { ids, action: 'move-to-stage', value: { stage: stage.OFFERED } }, token);
      expect(refused.status).toBe(403);
    }
    expect((await stored(ids[1] as string)).stageId).toBe(stage.SHORT_LIST);

    const noStage = await call(t.app, bulk, { ids, action: 'move-to-stage', value: { remarks: 'where?' } }, w.orgA.adminToken);
    expect(noStage.status).toBe(400);
    expect(noStage.body.message).toBe('Please choose a stage');
    const tooMany = Array.from({ length: maxAtOnce + 1 }, (_, i) => i.toString(16).padStart(24, '0'));
    const capped = await call(t.app, bulk, { ids: tooMany, action: 'move-to-stage', value: { stage: stage.OFFERED } }, w.orgA.adminToken);
    expect(capped.status).toBe(400);
    expect(capped.body.message).toBe(`Please select at most ${maxAtOnce} records to move to stage`);
    const unknown = await call(t.app, bulk, { ids, action: 'archive' }, w.orgA.adminToken);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('action must be one of move-to-stage');
  });

  it(`moves ${maxAtOnce} records, the most one call takes, in one transaction`, async () => {
    const { pipelineId, stage } = await aPipeline(t.app, w.orgA.id);
    const rows = Array.from({ length: maxAtOnce }, (_, i) => ({
      id: `${(i + 1).toString(16).padStart(8, '0')}${pipelineId.slice(8)}`,
      organisationId: w.orgA.id,
      title: `Bulk ${i}`,
      pipelineId,
      stageId: stage.APPLIED,
    }));
    await t.app.database.db.insert(testApplications).values(rows);
    const started = performance.now();
    const done = await call(
      t.app,
      bulk,
      { ids: rows.map((row) => row.id), action: 'move-to-stage', value: { stage: stage.SHORT_LIST } },
      w.orgA.adminToken,
    );
    const ms = Math.round(performance.now() - started);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.changed).toBe(maxAtOnce);
    console.info(`${maxAtOnce} records moved in one transaction in ${ms} ms on ${t.app.database.kind}`);
  });
});
