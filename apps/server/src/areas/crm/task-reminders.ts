import type { task } from '@app/contract/resources/crm/task';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users';
import type { ResourceRepository } from '../../engine/repository';
import type { ResourceHooks } from '../../engine/resource-hooks';
import type { JobHandler } from '../../services/job-queue';
import { staffRepository } from '../staff/repository';

/** The job kind of a task's due-date reminder; its payload names the task and the due date it was for. */
export const taskReminderJob = 'task-reminder';

type Reminder = { taskId: string; organisationId: string; dueDate: string };
type TaskLike = { status?: unknown; dueDate?: unknown; assigneeIds?: unknown; isDeleted?: unknown };

const dueDateOf = (value: unknown) => (value ? new Date(value as string | Date) : null);

/** Whether a task is still one whose assignees are reminded: open, assigned, with a due date. */
const remindable = (row: TaskLike) =>
  row.status !== 'DONE' &&
  row.status !== 'CANCELLED' &&
  row.isDeleted !== true &&
  Array.isArray(row.assigneeIds) &&
  row.assigneeIds.length > 0 &&
  dueDateOf(row.dueDate) !== null;

/** What a reminder depends on; an update that changes none of it keeps the job it has. */
const reminderKey = (row: TaskLike) =>
  JSON.stringify([row.status, dueDateOf(row.dueDate)?.getTime() ?? null, [...((row.assigneeIds as string[] | undefined) ?? [])].sort()]);

/**
 * Keeps each task's reminder in step with it, in the write's transaction: a task with a future due
 * date, assignees and an open status has one job due at its due date; a change of any of these drops
 * the job and schedules the new one; done, cancelled or deleted, it has none. A due date already past
 * when written gets none (the moment to remind has gone).
 */
export const scheduleTaskReminder: ResourceHooks<typeof task>['afterWrite'] = async ({ db, services, operation, record, before }) => {
  if (before && operation !== 'remove' && reminderKey(before) === reminderKey(record)) return;
  const organisationId = record.organisationId as string | null;
  if (!organisationId) return;
  await services.queue.cancel(db, taskReminderJob, { taskId: record._id });
  const dueDate = dueDateOf(record.dueDate);
  if (operation === 'remove' || !remindable(record) || !dueDate || dueDate.getTime() <= Date.now()) return;
  const payload: Reminder = { taskId: record._id, organisationId, dueDate: dueDate.toISOString() };
  await services.queue.enqueue(db, taskReminderJob, payload, { runAt: dueDate });
};

/**
 * The reminder job: re-reads the task and mails its assignees only if it still applies (live, open,
 * assigned, and still due when the job was made for), so a stale job does nothing.
 */
export const registerTaskReminders = (app: FastifyInstance, repository: ResourceRepository<typeof task>) => {
  const handler: JobHandler = async (job) => {
    const reminder = job.payload as Reminder;
    await app.database.db.transaction(async (db) => {
      const row = await repository.find(db, { organisationId: reminder.organisationId }, reminder.taskId);
      if (!row || !remindable(row) || dueDateOf(row.dueDate)?.getTime() !== new Date(reminder.dueDate).getTime()) return;
      const staff = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(inArray(users.id, row.assigneeIds as string[]), ...staffRepository.scopeWhere({ organisationId: reminder.organisationId })),
        );
      const number = (row.itemId as { combined?: string } | null)?.combined;
      const link = `${app.services.config.appUrl}/crm/tasks`;
      for (const { email } of staff) {
        await app.services.mail.send(db, {
          to: email,
          subject: `Task due: ${row.title}`,
          text: `The task "${row.title}"${number ? ` (${number})` : ''} assigned to you is due now (${reminder.dueDate}).\n\nOpen your tasks in the CRM: ${link}`,
          priority: 'BULK',
          sentFor: {
            organisationId: reminder.organisationId,
            by: null,
            kind: 'TASK_REMINDER',
            relatedTo: [{ _id: row.id, entityType: 'Task' }],
          },
        });
      }
    });
  };
  app.services.queue.handle(taskReminderJob, handler);
};
