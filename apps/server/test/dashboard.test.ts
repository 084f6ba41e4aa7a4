import { dashboardCount, dashboardWeekly } from '@app/contract/resources/crm/dashboard';
import { task } from '@app/contract/resources/crm/task';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema/tasks';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aTask = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, task.calls.create!, { title: unique('Call back '), ...input }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string };
};

const staffWith = async (feature: string, level: 'READ' | 'WRITE', scope: 'OWN' | 'ALL' = 'ALL') =>
  aStaffMember(t.app, w.orgA.adminToken, {
    roleIds: [await roleOf(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature, level, scope })])],
  });

const mondayOf = (date: Date) => {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

describe('dashboard count', () => {
  it('counts the caller’s open tasks (assigned to them, not DONE or CANCELLED) and 0 for the sources not built yet', async () => {
    const sam = await staffWith('Task', 'READ');
    const empty = await call(t.app, dashboardCount, {}, sam.token);
    expect(empty.status, empty.body.message).toBe(200);
    expect(empty.body.data).toEqual({ taskCount: 0, interviewCount: 0, filledProfileRequestCount: 0, candidateCount: 0 });

    await aTask({ assigneeIds: [sam.id] });
    await aTask({ assigneeIds: [sam.id, w.staffA.id], status: 'IN_PROGRESS' });
    await aTask({ assigneeIds: [sam.id], status: 'DONE' });
    await aTask({ assigneeIds: [sam.id], status: 'CANCELLED' });
    await aTask({ assigneeIds: [w.staffA.id] });
    const removed = await aTask({ assigneeIds: [sam.id] });
    expect((await call(t.app, task.calls.remove!, { _id: removed._id }, w.orgA.adminToken)).status).toBe(200);
    // Another organisation's task can name no one here; its own admin's open task stays theirs.
    await aTask({ title: 'Elsewhere' }, w.orgB.adminToken);

    const counts = await call(t.app, dashboardCount, {}, sam.token);
    expect(counts.body.data).toEqual({ taskCount: 2, interviewCount: 0, filledProfileRequestCount: 0, candidateCount: 0 });
    const orgB = await call(t.app, dashboardCount, {}, w.orgB.adminToken);
    expect(orgB.body.data.taskCount).toBe(0);
  });

  it('counts 0 for a source the caller may not READ, and is refused to other user types', async () => {
    const noTasks = await staffWith('Client', 'READ');
    await aTask({ assigneeIds: [noTasks.id] });
    const counts = await call(t.app, dashboardCount, {}, noTasks.token);
    expect(counts.status).toBe(200);
    expect(counts.body.data.taskCount).toBe(0);
    expect((await call(t.app, dashboardCount, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, dashboardCount, {}, w.platformAdmin.token)).status).toBe(403);
    expect((await call(t.app, dashboardCount, {})).status).toBe(401);
    expect((await call(t.app, dashboardCount, { extra: 1 }, w.orgA.adminToken)).status).toBe(400);
  });
});

describe('dashboard candidates', () => {
  it('counts the candidates the caller may read, and those added this week, not another organisation’s', async () => {
    const reader = await staffWith('Candidate', 'READ');
    const countOf = async () => (await call(t.app, dashboardCount, {}, reader.token)).body.data.candidateCount as number;
    const thisWeek = async () => {
      const weeks = (await call(t.app, dashboardWeekly, {}, reader.token)).body.data as { candidatesAdded: number }[];
      return weeks[11]?.candidatesAdded ?? 0;
    };
    const [count, added] = [await countOf(), await thisWeek()];
    await aCandidate(t.app, w.orgA.adminToken);
    await aCandidate(t.app, w.orgB.adminToken);
    expect(await countOf()).toBe(count + 1);
    expect(await thisWeek()).toBe(added + 1);
    const blind = await staffWith('Task', 'READ');
    expect((await call(t.app, dashboardCount, {}, blind.token)).body.data.candidateCount).toBe(0);
  });
});

describe('dashboard weekly', () => {
  it('answers 12 weeks, oldest first, with the tasks done each week by completedAt', async () => {
    const viewer = await staffWith('Task', 'READ');
    const before = await call(t.app, dashboardWeekly, {}, viewer.token);
    expect(before.status, before.body.message).toBe(200);
    const weeks = before.body.data as { week: string; tasksDone: number; candidatesAdded: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[11]?.week).toBe(mondayOf(new Date()));
    expect(weeks[0]?.week).toBe(mondayOf(new Date(Date.now() - 11 * 7 * 24 * 3600 * 1000)));

    const now = await aTask({ status: 'DONE' });
    const earlier = await aTask({ status: 'DONE' });
    const threeWeeksAgo = new Date(Date.now() - 21 * 24 * 3600 * 1000);
    await t.app.database.db.update(tasks).set({ completedAt: threeWeeksAgo }).where(eq(tasks.id, earlier._id));
    const long = await aTask({ status: 'DONE' });
    await t.app.database.db
      .update(tasks)
      .set({ completedAt: new Date(Date.now() - 20 * 7 * 24 * 3600 * 1000) })
      .where(eq(tasks.id, long._id));
    await aTask({ status: 'DONE' }, w.orgB.adminToken);
    expect(now._id).toBeTruthy();

    const after = (await call(t.app, dashboardWeekly, {}, viewer.token)).body.data as typeof weeks;
    const delta = after.map((point, i) => point.tasksDone - (weeks[i]?.tasksDone ?? 0));
    expect(delta[11]).toBe(1);
    expect(delta[after.findIndex((p) => p.week === mondayOf(threeWeeksAgo))]).toBe(1);
    expect(delta.reduce((a, b) => a + b, 0)).toBe(2);
    expect(after.every((point) => point.candidatesAdded === 0)).toBe(true);

    const blind = await staffWith('Client', 'READ');
    const none = (await call(t.app, dashboardWeekly, {}, blind.token)).body.data as typeof weeks;
    expect(none.every((point) => point.tasksDone === 0)).toBe(true);
    expect((await call(t.app, dashboardWeekly, {}, w.seeker.token)).status).toBe(403);
  });

  it('counts only the tasks an OWN-scoped caller may see', async () => {
    const own = await staffWith('Task', 'WRITE', 'OWN');
    const baseline = (await call(t.app, dashboardWeekly, {}, own.token)).body.data as { tasksDone: number }[];
    await aTask({ status: 'DONE' });
    await aTask({ status: 'DONE' }, own.token);
    await aTask({ status: 'DONE', assigneeIds: [own.id] });
    const after = (await call(t.app, dashboardWeekly, {}, own.token)).body.data as { tasksDone: number }[];
    expect((after[11]?.tasksDone ?? 0) - (baseline[11]?.tasksDone ?? 0)).toBe(2);
  });
});
