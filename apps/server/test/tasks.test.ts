import { task, taskDashboardCount } from '@app/contract/resources/crm/task';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type TaskRecord = { _id: string; status: string; completedAt: string | null; itemId: { combined: string } };

const aTask = async (input: Record<string, unknown> = {}, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, task.calls.create!, { title: unique('Chase references '), ...input }, token);
  expect(status, body.message).toBe(200);
  return body.data as TaskRecord;
};

const update = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, task.calls.update!, input, token);
  expect(status, body.message).toBe(200);
  return body.data as TaskRecord;
};

const staffWithTasks = async (level: 'READ' | 'WRITE' | 'FULL', scope: 'OWN' | 'ALL') => {
  const permission = await permissionId(t.app, w.root, { feature: 'Task', level, scope });
  return aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [permission])] });
};

describe('tasks', () => {
  it('answer the spec’s message for a missing title, start TODO and MEDIUM, numbered TSK-n', async () => {
    const missing = await call(t.app, task.calls.create!, { priority: 'HIGH' }, w.orgA.adminToken);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please provide a title.');
    const created = await aTask();
    expect(created).toMatchObject({ status: 'TODO', priority: 'MEDIUM', completedAt: null });
    expect(created.itemId.combined).toMatch(/^TSK-\d+$/);
  });

  it('refuse a profile on update', async () => {
    const created = await aTask();
    const { status } = await call(t.app, task.calls.update!, { _id: created._id, profile: { name: 'x' } }, w.orgA.adminToken);
    expect(status).toBe(400);
  });

  it('are completed when their status becomes DONE and not otherwise', async () => {
    const done = await aTask({ status: 'DONE' });
    expect(done.completedAt).toEqual(expect.any(String));

    const created = await aTask();
    const before = Date.now();
    const completed = await update({ _id: created._id, status: 'DONE' });
    expect(new Date(completed.completedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const renamed = await update({ _id: created._id, title: 'Chase the last reference' });
    expect(renamed.completedAt).toBe(completed.completedAt);
    const stillDone = await update({ _id: created._id, status: 'DONE' });
    expect(stillDone.completedAt).toBe(completed.completedAt);
    const reopened = await update({ _id: created._id, status: 'IN_PROGRESS' });
    expect(reopened.completedAt).toBeNull();
    const ignored = await call(t.app, task.calls.update!, { _id: created._id, completedAt: new Date().toISOString() }, w.orgA.adminToken);
    expect(ignored.status).toBe(400);
  });

  it('count the caller’s assigned and pending tasks for the dashboard', async () => {
    const sam = await staffWithTasks('READ', 'ALL');
    const empty = await call(t.app, taskDashboardCount, {}, sam.token);
    expect(empty.status, empty.body.message).toBe(200);
    expect(empty.body.data).toEqual({ pendingCount: 0, assignedCount: 0 });

    await aTask({ assigneeIds: [sam.id] });
    await aTask({ assigneeIds: [sam.id], status: 'IN_PROGRESS' });
    await aTask({ assigneeIds: [sam.id], status: 'DONE' });
    const removed = await aTask({ assigneeIds: [sam.id] });
    await call(t.app, task.calls.remove!, { _id: removed._id }, w.orgA.adminToken);
    await aTask();
    const counts = await call(t.app, taskDashboardCount, {}, sam.token);
    expect(counts.body.data).toEqual({ pendingCount: 2, assignedCount: 3 });
    expect((await call(t.app, taskDashboardCount, {}, w.staffA.token)).status).toBe(403);
  });

  it('show staff who see only their own tasks those assigned to them too, with the assignees by name', async () => {
    const own = await staffWithTasks('WRITE', 'OWN');
    const assigned = await aTask({ assigneeIds: [own.id] });
    const others = await aTask();
    const mine = await aTask({}, own.token);

    const list = await call(t.app, task.calls.list!, { limit: 'ALL' }, own.token);
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.data.results.map((r: { _id: string }) => r._id).sort()).toEqual([assigned._id, mine._id].sort());
    expect((await call(t.app, task.calls.details!, { _id: others._id }, own.token)).status).toBe(404);
    const details = await call(t.app, task.calls.details!, { _id: assigned._id }, own.token);
    expect(details.body.data.assignees).toEqual([{ _id: own.id, label: 'Sam Staff' }]);
    expect((await update({ _id: assigned._id, status: 'DONE' }, own.token)).status).toBe('DONE');

    const filtered = await call(
      t.app,
      task.calls.list!,
      { filter: { assigneeIds: own.id, status: 'DONE' }, limit: 'ALL' },
      w.orgA.adminToken,
    );
    expect(filtered.body.data.results.map((r: { _id: string }) => r._id)).toEqual([assigned._id]);
  });

  it('filter as mine or my team’s from the caller’s own memberships, never from an id sent', async () => {
    const ann = await staffWithTasks('READ', 'ALL');
    const ben = await staffWithTasks('READ', 'ALL');
    const cal = await staffWithTasks('READ', 'ALL');
    const desk = await call(t.app, team.calls.create, { name: unique('Desk ') }, w.orgA.adminToken);
    for (const userId of [ann.id, ben.id]) {
      expect((await call(t.app, teamMember.calls.create, { teamId: desk.body.data._id, userId }, w.orgA.adminToken)).status).toBe(200);
    }
    const annsOwn = await aTask({ assigneeIds: [ann.id] });
    const bensOwn = await aTask({ assigneeIds: [ben.id] });
    const calsOwn = await aTask({ assigneeIds: [cal.id] });
    const ids = async (assignedTo: string, token: string) =>
      ((await call(t.app, task.calls.list!, { limit: 'ALL', filter: { assignedTo } }, token)).body.data.results as { _id: string }[])
        .map((r) => r._id)
        .sort();
    expect(await ids('ME', ann.token)).toEqual([annsOwn._id]);
    expect(await ids('MY_TEAM', ann.token)).toEqual([annsOwn._id, bensOwn._id].sort());
    // Outside any team, my team's is nobody's.
    expect(await ids('MY_TEAM', cal.token)).toEqual([]);
    expect(await ids('ME', cal.token)).toEqual([calsOwn._id]);
    expect((await call(t.app, task.calls.list!, { filter: { assignedTo: 'EVERYONE' } }, ann.token)).status).toBe(400);
  });
});
