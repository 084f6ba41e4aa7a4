import { taskDashboardCount } from '@app/contract/resources/crm/task';
import { and, count, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tasks } from '../../db/schema/tasks';
import type { Caller } from '../../engine/context';
import { registerCall } from '../../engine/register-call';
import type { ResourceRepository } from '../../engine/repository';

/** `POST /task/dashboard-count`: the caller's assigned tasks, and how many of them are still open. */
export const registerTaskDashboard = (app: FastifyInstance, repository: ResourceRepository) => {
  registerCall(app, taskDashboardCount, async ({ db, caller, scope }) => {
    const assignedToCaller: SQL = sql`${tasks.assigneeIds} @> ${JSON.stringify([(caller as Caller).id])}::jsonb`;
    const open = sql`count(*) filter (where ${inArray(tasks.status, ['TODO', 'IN_PROGRESS'])})`.mapWith(Number);
    const [counts] = await db
      .select({ assignedCount: count(), pendingCount: open })
      .from(tasks)
      .where(and(assignedToCaller, ...repository.scopeWhere(scope)));
    return { pendingCount: counts?.pendingCount ?? 0, assignedCount: counts?.assignedCount ?? 0 };
  });
};
