import { dashboardCount, dashboardWeekly, dashboardWeeks } from '@app/contract/resources/crm/dashboard';
import { and, count, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tasks } from '../../db/schema/tasks';
import { readScopes } from '../../engine/access';
import type { Caller, Scope } from '../../engine/context';
import { registerCall } from '../../engine/register-call';
import type { ResourceRepository } from '../../engine/repository';
import { candidatesAddedInWeek, countCandidates, countFilledProfileRequests, countInterviews, type SourceInput } from './dashboard-sources';

type TaskRepository = Pick<ResourceRepository, 'scopeWhere' | 'def'>;

/** The caller's open tasks: assigned to them, neither DONE nor CANCELLED, in what they may read. */
const countOpenTasks = async (input: SourceInput & { repository: TaskRepository; scope: Scope | null }) => {
  if (!input.scope) return 0;
  const [row] = await input.db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        sql`${tasks.assigneeIds} @> ${JSON.stringify([input.caller.id])}::jsonb`,
        notInArray(tasks.status, ['DONE', 'CANCELLED']),
        ...input.repository.scopeWhere(input.scope),
      ),
    );
  return row?.n ?? 0;
};

/** Tasks completed in the week starting `week`, as a scalar subquery; 0 without READ on tasks. */
const tasksDoneInWeek = (input: { repository: TaskRepository; scope: Scope | null; week: SQL }): SQL => {
  if (!input.scope) return sql`0`;
  return sql`(select count(*) from ${tasks} where ${and(
    sql`${tasks.status} = 'DONE'`,
    sql`date_trunc('week', ${tasks.completedAt} at time zone 'UTC') = ${input.week}`,
    ...input.repository.scopeWhere(input.scope),
  )})`;
};

/** `POST /dashboard/count` and `POST /dashboard/weekly`: the CRM front page's numbers. */
export const registerDashboard = (app: FastifyInstance, taskRepository: TaskRepository) => {
  const taskAccess = taskRepository.def.access as NonNullable<TaskRepository['def']['access']>;

  registerCall(app, { ...dashboardCount, transaction: false }, async ({ db, caller, scope }) => {
    const readable = await readScopes(db, { caller: caller as Caller, scope });
    const source: SourceInput = { db, caller: caller as Caller, readable };
    const [taskCount, interviewCount, filledProfileRequestCount, candidateCount] = await Promise.all([
      countOpenTasks({ ...source, repository: taskRepository, scope: readable(taskAccess) }),
      countInterviews(source),
      countFilledProfileRequests(source),
      countCandidates(source),
    ]);
    return { taskCount, interviewCount, filledProfileRequestCount, candidateCount };
  });

  registerCall(app, { ...dashboardWeekly, transaction: false }, async ({ db, caller, scope }) => {
    const readable = await readScopes(db, { caller: caller as Caller, scope });
    const source: SourceInput = { db, caller: caller as Caller, readable };
    const week = sql.raw('weeks.week');
    const thisWeek = sql`date_trunc('week', now() at time zone 'UTC')`;
    // One statement: a row per week (a series of Mondays), each count a subquery over that week.
    const rows = await db
      .select({
        week: sql<string>`to_char(${week}, 'YYYY-MM-DD')`,
        tasksDone: sql`${tasksDoneInWeek({ repository: taskRepository, scope: readable(taskAccess), week })}`.mapWith(Number),
        candidatesAdded: sql`${candidatesAddedInWeek({ ...source, week })}`.mapWith(Number),
      })
      .from(sql`generate_series(${thisWeek} - ${`${dashboardWeeks - 1} weeks`}::interval, ${thisWeek}, interval '1 week') as weeks(week)`)
      .orderBy(week);
    return rows;
  });
};
