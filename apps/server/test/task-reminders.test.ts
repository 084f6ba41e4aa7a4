import { task } from '@app/contract/resources/crm/task';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskReminderJob } from '../src/areas/crm/task-reminders';
import { jobQueue } from '../src/db/schema/services';
import { tasks } from '../src/db/schema/tasks';
import { permissionId, aRole as roleOf } from './support/access';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();

const aTask = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, task.calls.create!, { title: unique('Chase '), ...input }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; title: string };
};

const update = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const { status, body } = await call(t.app, task.calls.update!, input, token);
  expect(status, body.message).toBe(200);
};

/** The reminders waiting for a task, soonest first. */
const remindersOf = (taskId: string) =>
  t.app.database.db
    .select()
    .from(jobQueue)
    .where(
      and(
        eq(jobQueue.kind, taskReminderJob),
        sql`${jobQueue.payload} @> ${JSON.stringify({ taskId })}::jsonb`,
        isNull(jobQueue.doneAt),
        isNull(jobQueue.failedAt),
      ),
    )
    .orderBy(jobQueue.runAt);

/** Runs the queue as if the task's due date had come: its reminder made due now, then every due job. */
const fallDue = async (taskId: string) => {
  await t.app.database.db
    .update(jobQueue)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(jobQueue.kind, taskReminderJob), sql`${jobQueue.payload} @> ${JSON.stringify({ taskId })}::jsonb`));
  await t.app.services.queue.drain();
};

const remindersMailedTo = async (email: string, title: string) =>
  (await mailTo(t.app, email)).filter((mail) => mail.subject === `Task due: ${title}`);

const staffWithTasks = async () =>
  aStaffMember(t.app, w.orgA.adminToken, {
    // Naming a colleague as an assignee needs READ on staff, as the assignee picker's list does.
    roleIds: [
      await roleOf(t.app, w.orgA.adminToken, [
        await permissionId(t.app, w.root, { feature: 'Task', level: 'WRITE' }),
        await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'READ' }),
      ]),
    ],
  });

describe('task reminders', () => {
  it('mail the assignees once the due date comes, and not before', async () => {
    const sam = await staffWithTasks();
    const kim = await aStaffMember(t.app, w.orgA.adminToken);
    const dueDate = inHours(2);
    const created = await aTask({ assigneeIds: [sam.id, kim.id], dueDate }, sam.token);
    const [reminder, ...more] = await remindersOf(created._id);
    expect(more).toEqual([]);
    expect(reminder?.runAt.toISOString()).toBe(dueDate);

    await t.app.services.queue.drain();
    expect(await remindersMailedTo(sam.email, created.title)).toEqual([]);

    await fallDue(created._id);
    const [mail] = await remindersMailedTo(sam.email, created.title);
    expect(mail?.text).toContain(created.title);
    expect(mail?.text).toContain('/crm/tasks');
    expect(await remindersMailedTo(kim.email, created.title)).toHaveLength(1);
    expect(await remindersOf(created._id)).toEqual([]);
  });

  it('are rescheduled when the due date or assignees change, kept for other edits, dropped when done or deleted', async () => {
    const sam = await aStaffMember(t.app, w.orgA.adminToken);
    const created = await aTask({ assigneeIds: [sam.id], dueDate: inHours(3) });
    const [first] = await remindersOf(created._id);

    await update({ _id: created._id, title: `${created.title} (renamed)` });
    expect((await remindersOf(created._id)).map((job) => job.id)).toEqual([first?.id]);

    const later = inHours(30);
    await update({ _id: created._id, dueDate: later });
    const moved = await remindersOf(created._id);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.id).not.toBe(first?.id);
    expect(moved[0]?.runAt.toISOString()).toBe(later);

    await update({ _id: created._id, status: 'DONE' });
    expect(await remindersOf(created._id)).toEqual([]);
    await update({ _id: created._id, status: 'TODO' });
    expect(await remindersOf(created._id)).toHaveLength(1);
    await update({ _id: created._id, assigneeIds: [] });
    expect(await remindersOf(created._id)).toEqual([]);
    await update({ _id: created._id, assigneeIds: [sam.id], dueDate: null });
    expect(await remindersOf(created._id)).toEqual([]);
    await update({ _id: created._id, dueDate: inHours(5) });
    expect(await remindersOf(created._id)).toHaveLength(1);

    expect((await call(t.app, task.calls.remove!, { _id: created._id }, w.orgA.adminToken)).status).toBe(200);
    expect(await remindersOf(created._id)).toEqual([]);
  });

  it('are not scheduled without assignees, without a due date, or for a date already past', async () => {
    const sam = await aStaffMember(t.app, w.orgA.adminToken);
    expect(await remindersOf((await aTask({ dueDate: inHours(1) }))._id)).toEqual([]);
    expect(await remindersOf((await aTask({ assigneeIds: [sam.id] }))._id)).toEqual([]);
    expect(await remindersOf((await aTask({ assigneeIds: [sam.id], dueDate: inHours(-1) }))._id)).toEqual([]);
    expect(await remindersOf((await aTask({ assigneeIds: [sam.id], dueDate: inHours(1), status: 'CANCELLED' }))._id)).toEqual([]);
  });

  it('do nothing when the task no longer applies by the time the job runs', async () => {
    const sam = await aStaffMember(t.app, w.orgA.adminToken);
    const created = await aTask({ assigneeIds: [sam.id], dueDate: inHours(1) });
    // Changed behind the engine's back (no hook ran): the job must re-read the task.
    await t.app.database.db.update(tasks).set({ status: 'DONE' }).where(eq(tasks.id, created._id));
    await fallDue(created._id);
    expect(await remindersMailedTo(sam.email, created.title)).toEqual([]);

    const moved = await aTask({ assigneeIds: [sam.id], dueDate: inHours(1) });
    await t.app.database.db
      .update(tasks)
      .set({ dueDate: new Date(inHours(48)) })
      .where(eq(tasks.id, moved._id));
    await fallDue(moved._id);
    expect(await remindersMailedTo(sam.email, moved.title)).toEqual([]);
  });

  it('stay as they are when another organisation or another user type tries to change the task', async () => {
    const sam = await aStaffMember(t.app, w.orgA.adminToken);
    const created = await aTask({ assigneeIds: [sam.id], dueDate: inHours(4) });
    const [job] = await remindersOf(created._id);
    expect((await call(t.app, task.calls.update!, { _id: created._id, status: 'DONE' }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, task.calls.remove!, { _id: created._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, task.calls.update!, { _id: created._id, status: 'DONE' }, w.seeker.token)).status).toBe(403);
    // Staff without the Task permission are refused too.
    expect((await call(t.app, task.calls.update!, { _id: created._id, status: 'DONE' }, w.staffA.token)).status).toBe(403);
    expect((await remindersOf(created._id)).map((r) => r.id)).toEqual([job?.id]);
  });
});
