import { z } from 'zod';
import { type AccessScope, accessLevelRank, accessScopeRank } from '../../access';
import { defineWorkflow } from '../../define-resource';
import { unscoped } from '../../scope-policy';
import type { MyPermissions } from '../auth';

const count = z.number().int().min(0);

/** Whose figures the dashboard shows: the caller's own, their teams', or the organisation's. */
export const dashboardScopes = ['OWN', 'TEAM', 'ALL'] as const satisfies readonly AccessScope[];
export type DashboardScope = (typeof dashboardScopes)[number];

/** The modules the dashboard counts today (interviews are not counted yet). */
export const dashboardModules = ['Task', 'Candidate', 'CandidateInformationForm'] as const;

export const dashboardScopeRefused = (scope: DashboardScope, module: string) =>
  `You may see ${scope === 'ALL' ? 'the organisation’s' : 'your teams’'} figures only with ${scope} access to ${module}.`;

/**
 * The scopes a caller may ask the dashboard for: each no wider than their READ grant on every
 * module it counts that they may read at all (a module they may not read counts 0 in any scope).
 * One rule for the server's check and the screen's choice; the organisation admin may ask for all.
 */
export const allowedDashboardScopes = (permissions: MyPermissions): DashboardScope[] => {
  if (permissions.isOrganisationAdmin) return [...dashboardScopes];
  const held = dashboardModules
    .map((module) => permissions.grants.find((grant) => grant.module === module && grant.feature === module))
    .filter((grant) => grant && accessLevelRank[grant.level] >= accessLevelRank.READ)
    .map((grant) => accessScopeRank[grant?.scope ?? 'OWN']);
  const widest = Math.min(accessScopeRank.ALL, ...held);
  return dashboardScopes.filter((scope) => accessScopeRank[scope] <= widest);
};

const scopeInput = z
  .object({
    /** OWN (the default): the caller's own records and the open tasks assigned to them; TEAM: their teams'; ALL: the organisation's. */
    scope: z.enum(dashboardScopes).default('OWN'),
  })
  .strict()
  .default({ scope: 'OWN' });

/**
 * The CRM front page's four counts (crm.md §7 Dashboard). Each counts only what the caller may read:
 * a caller without READ on a source (Task, Interview, CandidateInformationForm, Candidate) gets 0 for
 * it, and OWN/TEAM scopes narrow each count as they narrow that source's list.
 */
export const dashboardCount = defineWorkflow({
  name: 'dashboardCount',
  tag: 'Dashboard',
  method: 'POST',
  path: '/dashboard/count',
  who: ['CRM_USER'],
  policies: [unscoped('each count checks the caller’s READ permission on its own source and answers 0 without it')],
  tenancy: 'organisation',
  summary: 'Open tasks, interviews, filled profile requests and candidates: the caller’s own, their teams’ or the organisation’s',
  input: scopeInput,
  /** Interviews are null until they are counted (the screen says so), not 0. */
  output: z.object({
    taskCount: count,
    interviewCount: count.nullable(),
    filledProfileRequestCount: count,
    candidateCount: count,
  }),
});

/** How many weeks the dashboard's charts show, this week last. */
export const dashboardWeeks = 12;

export const weeklyPoint = z.object({
  /** The Monday the week starts on (UTC), as YYYY-MM-DD. */
  week: z.string(),
  candidatesAdded: count,
  tasksDone: count,
});
export type WeeklyPoint = z.infer<typeof weeklyPoint>;

/**
 * The dashboard's charts: per week, oldest first, candidates added and tasks completed (by
 * `completedAt`), each counted within what the caller may read (0 without READ).
 */
export const dashboardWeekly = defineWorkflow({
  name: 'dashboardWeekly',
  tag: 'Dashboard',
  method: 'POST',
  path: '/dashboard/weekly',
  who: ['CRM_USER'],
  policies: [unscoped('each series checks the caller’s READ permission on its own source and answers 0 without it')],
  tenancy: 'organisation',
  summary: 'Candidates added and tasks done per week, for the last 12 weeks, in the scope asked (OWN, TEAM or ALL)',
  input: scopeInput,
  output: z.array(weeklyPoint),
});
