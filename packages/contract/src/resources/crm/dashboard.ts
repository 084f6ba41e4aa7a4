import { z } from 'zod';
import { defineWorkflow } from '../../define-resource';
import { unscoped } from '../../scope-policy';

const count = z.number().int().min(0);

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
  summary: 'The caller’s open tasks, and the interviews, filled profile requests and candidates they may see',
  input: z.object({}).strict().default({}),
  output: z.object({ taskCount: count, interviewCount: count, filledProfileRequestCount: count, candidateCount: count }),
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
  summary: 'Candidates added and tasks done per week, for the last 12 weeks',
  input: z.object({}).strict().default({}),
  output: z.array(weeklyPoint),
});
