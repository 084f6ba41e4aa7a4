import { me } from '@app/contract/resources/auth';
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

type Grant = { feature: string; level: 'READ' | 'WRITE'; scope?: 'OWN' | 'TEAM' | 'ALL' };

const staffWithGrants = async (grants: Grant[]) => {
  const permissions = [];
  for (const grant of grants) permissions.push(await permissionId(t.app, w.root, grant));
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

const staffWith = async (feature: string, level: 'READ' | 'WRITE', scope: 'OWN' | 'TEAM' | 'ALL' = 'ALL') =>
  staffWithGrants([{ feature, level, scope }]);

const mondayOf = (date: Date) => {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

describe('dashboard count', () => {
  it('counts the caller’s open tasks (assigned to them, not DONE or CANCELLED) , no figure for interviews, and 0 for what they may not read', async () => {
    const sam = await staffWith('Task', 'READ');
    const empty = await call(t.app, dashboardCount, {}, sam.token);
    expect(empty.status, empty.body.message).toBe(200);
    expect(empty.body.data).toEqual({ taskCount: 0, interviewCount: null, filledProfileRequestCount: 0, candidateCount: 0 });

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
    expect(counts.body.data).toEqual({ taskCount: 2, interviewCount: null, filledProfileRequestCount: 0, candidateCount: 0 });
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
    const countOf = async () => (await call(t.app, dashboardCount, { scope: 'ALL' }, reader.token)).body.data.candidateCount as number;
    const thisWeek = async () => {
      const weeks = (await call(t.app, dashboardWeekly, { scope: 'ALL' }, reader.token)).body.data as { candidatesAdded: number }[];
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
    const before = await call(t.app, dashboardWeekly, { scope: 'ALL' }, viewer.token);
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

    const after = (await call(t.app, dashboardWeekly, { scope: 'ALL' }, viewer.token)).body.data as typeof weeks;
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

describe('dashboard scope', () => {
  const countsOf = async (token: string, scope: 'OWN' | 'TEAM' | 'ALL') => {
    const { status, body } = await call(t.app, dashboardCount, { scope }, token);
    expect(status, body.message).toBe(200);
    return body.data as { taskCount: number; candidateCount: number };
  };
  const weekOf = async (token: string, scope: 'OWN' | 'ALL') => {
    const { status, body } = await call(t.app, dashboardWeekly, { scope }, token);
    expect(status, body.message).toBe(200);
    return (body.data as { tasksDone: number; candidatesAdded: number }[])[11] ?? { tasksDone: 0, candidatesAdded: 0 };
  };

  it('shows the admin their own figures or the organisation’s, as asked', async () => {
    const colleague = await staffWithGrants([
      { feature: 'Task', level: 'WRITE' },
      { feature: 'Candidate', level: 'WRITE' },
    ]);
    const [own, all, ownWeek, allWeek] = [
      await countsOf(w.orgA.adminToken, 'OWN'),
      await countsOf(w.orgA.adminToken, 'ALL'),
      await weekOf(w.orgA.adminToken, 'OWN'),
      await weekOf(w.orgA.adminToken, 'ALL'),
    ];
    // The colleague's open task, done task and candidate are the organisation's, not the admin's own.
    await aTask({ assigneeIds: [colleague.id] }, colleague.token);
    await aTask({ status: 'DONE' }, colleague.token);
    await aCandidate(t.app, colleague.token);
    // The admin's own open task counts in both.
    const admin = (await call(t.app, me, {}, w.orgA.adminToken)).body.data as { _id: string };
    await aTask({ assigneeIds: [admin._id] });

    const ownAfter = await countsOf(w.orgA.adminToken, 'OWN');
    expect(ownAfter.taskCount - own.taskCount).toBe(1);
    expect(ownAfter.candidateCount - own.candidateCount).toBe(0);
    const allAfter = await countsOf(w.orgA.adminToken, 'ALL');
    expect(allAfter.taskCount - all.taskCount).toBe(2);
    expect(allAfter.candidateCount - all.candidateCount).toBe(1);
    expect((await weekOf(w.orgA.adminToken, 'OWN')).tasksDone - ownWeek.tasksDone).toBe(0);
    expect((await weekOf(w.orgA.adminToken, 'ALL')).tasksDone - allWeek.tasksDone).toBe(1);
    expect((await weekOf(w.orgA.adminToken, 'ALL')).candidatesAdded - allWeek.candidatesAdded).toBe(1);
    // The default is the caller's own figures.
    expect((await call(t.app, dashboardCount, {}, w.orgA.adminToken)).body.data).toEqual(await countsOf(w.orgA.adminToken, 'OWN'));
  });

  it('refuses the organisation’s figures to a caller without ALL on a module it counts, and their teams’ to one with OWN', async () => {
    const ownTasks = await staffWithGrants([
      { feature: 'Task', level: 'READ', scope: 'OWN' },
      { feature: 'Candidate', level: 'READ', scope: 'ALL' },
    ]);
    // The request an organisation-wide reader of candidates could make before: now a 403 naming the narrower module.
    const refused = await call(t.app, dashboardCount, { scope: 'ALL' }, ownTasks.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You may see the organisation’s figures only with ALL access to Task.');
    const team = await call(t.app, dashboardWeekly, { scope: 'TEAM' }, ownTasks.token);
    expect(team.status).toBe(403);
    expect(team.body.message).toBe('You may see your teams’ figures only with TEAM access to Task.');
    expect((await call(t.app, dashboardWeekly, { scope: 'ALL' }, ownTasks.token)).status).toBe(403);
    await countsOf(ownTasks.token, 'OWN');

    const teamLead = await staffWith('Task', 'READ', 'TEAM');
    await countsOf(teamLead.token, 'TEAM');
    expect((await call(t.app, dashboardCount, { scope: 'ALL' }, teamLead.token)).status).toBe(403);

    // A module the caller may not read at all counts 0 in any scope and does not stand in the way.
    const clientsOnly = await staffWith('Client', 'READ');
    expect(await countsOf(clientsOnly.token, 'ALL')).toMatchObject({ taskCount: 0, candidateCount: 0 });
    expect((await call(t.app, dashboardCount, { scope: 'EVERYONE' }, w.orgA.adminToken)).status).toBe(400);
    expect((await call(t.app, dashboardCount, { scope: 'ALL' }, w.seeker.token)).status).toBe(403);
  });

  it('counts a team lead’s figures over their teams in TEAM scope', async () => {
    const lead = await staffWith('Task', 'READ', 'TEAM');
    const before = await countsOf(lead.token, 'TEAM');
    const ownBefore = await countsOf(lead.token, 'OWN');
    await aTask({ assigneeIds: [lead.id] });
    await aTask({ assigneeIds: [w.staffA.id] });
    const after = await countsOf(lead.token, 'TEAM');
    // Without a team, TEAM shows what is their own: the colleague's task is not theirs.
    expect(after.taskCount - before.taskCount).toBe(1);
    expect((await countsOf(lead.token, 'OWN')).taskCount - ownBefore.taskCount).toBe(1);
  });
});
