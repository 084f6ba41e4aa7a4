import type { CrmAccess } from '@app/contract/access';
import {
  allowedDashboardScopes,
  type DashboardScope,
  dashboardCount,
  dashboardModules,
  dashboardScopeRefused,
  dashboardWeekly,
  dashboardWeeks,
} from '@app/contract/resources/crm/dashboard';
import { and, count, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema/tasks';
import { grantsOf, loadProfile, readScopes } from '../../engine/access';
import type { Caller, Scope } from '../../engine/context';
import { forbidden } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import type { ResourceRepository } from '../../engine/repository';
import { candidatesAddedInWeek, countCandidates, countFilledProfileRequests, countInterviews, type SourceInput } from './dashboard-sources';

type TaskRepository = Pick<ResourceRepository, 'scopeWhere' | 'def'>;

/**
 * What each source may be counted in for the scope asked: what the caller may read, narrowed to
 * their own records (OWN) or their teams' (TEAM). A scope wider than their READ grant on a module
 * they read is a 403, by the rule the screen offers its choices with.
 */
const scopedReads = async (db: Executor, input: { caller: Caller; scope: Scope; asked: DashboardScope }) => {
  const { caller, asked } = input;
  const profile = caller.userType === 'CRM_USER' ? await loadProfile(db, caller) : null;
  if (profile) {
    const permissions = { isOrganisationAdmin: profile.isOrganisationAdmin, grants: grantsOf(profile) };
    if (!allowedDashboardScopes(permissions).includes(asked)) {
      const narrower = dashboardModules.find((module) => {
        const grant = permissions.grants.find((held) => held.module === module && held.feature === module);
        return grant && grant.level !== 'NONE' && grant.scope !== 'ALL' && (asked === 'ALL' || grant.scope === 'OWN');
      });
      throw forbidden(dashboardScopeRefused(asked, narrower ?? dashboardModules[0]));
    }
  }
  const readable = await readScopes(db, input);
  const teamIds = asked === 'TEAM' ? (profile?.teamIds ?? []) : [];
  return (access: CrmAccess): Scope | null => {
    const scope = readable(access);
    if (!scope || asked === 'ALL') return scope;
    return { ...scope, visibleTo: { userId: caller.id, teamIds } };
  };
};

/**
 * Open tasks (neither DONE nor CANCELLED) in what the caller may read: for OWN those assigned to
 * the caller, for TEAM and ALL every one the scope shows.
 */
const countOpenTasks = async (input: SourceInput & { repository: TaskRepository; scope: Scope | null; asked: DashboardScope }) => {
  if (!input.scope) return 0;
  const [row] = await input.db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        input.asked === 'OWN' ? sql`${tasks.assigneeIds} @> ${JSON.stringify([input.caller.id])}::jsonb` : undefined,
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

  registerCall(app, { ...dashboardCount, transaction: false }, async ({ db, caller, scope, input }) => {
    const readable = await scopedReads(db, { caller: caller as Caller, scope, asked: input.scope });
    const source: SourceInput = { db, caller: caller as Caller, readable };
    const [taskCount, interviewCount, filledProfileRequestCount, candidateCount] = await Promise.all([
      countOpenTasks({ ...source, repository: taskRepository, scope: readable(taskAccess), asked: input.scope }),
      countInterviews(source),
      countFilledProfileRequests(source),
      countCandidates(source),
    ]);
    return { taskCount, interviewCount, filledProfileRequestCount, candidateCount };
  });

  registerCall(app, { ...dashboardWeekly, transaction: false }, async ({ db, caller, scope, input }) => {
    const readable = await scopedReads(db, { caller: caller as Caller, scope, asked: input.scope });
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
