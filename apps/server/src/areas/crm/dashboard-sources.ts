import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Caller, Scope } from '../../engine/context';

/**
 * The dashboard's sources that live on other branches (interviews, candidate information forms,
 * candidates). Each answers 0 until its entity exists; wiring one is replacing its body with a
 * count through that entity's repository, in `readable(access)` (null: the caller may not READ it,
 * count 0), the way `countOpenTasks` in dashboard.ts does.
 */
export type SourceInput = {
  db: Executor;
  caller: Caller;
  /** The scope the caller may read a module in, or null without READ on it. */
  readable: (access: { module: 'Interview' | 'CandidateInformationForm' | 'Candidate' }) => Scope | null;
};

/** Interviews the caller may see. TODO(lead): `interviewRepository.scopeWhere(readable({ module: 'Interview' }))`. */
export const countInterviews = async (_input: SourceInput): Promise<number> => 0;

/**
 * Filled candidate information forms waiting for a decision (status FILLED).
 * TODO(lead): count `candidateInformationForms` in `readable({ module: 'CandidateInformationForm' })`.
 */
export const countFilledProfileRequests = async (_input: SourceInput): Promise<number> => 0;

/** Candidates the caller may see. TODO(lead): count `candidates` in `readable({ module: 'Candidate' })`. */
export const countCandidates = async (_input: SourceInput): Promise<number> => 0;

/**
 * How many candidates were added in the week starting `week` (a SQL expression for its Monday, UTC),
 * as a scalar subquery of the weekly statement; 0 until candidates exist.
 * TODO(lead): with `scope = readable({ module: 'Candidate' })` not null, answer
 * sql`(select count(*) from ${candidates} where date_trunc('week', ${candidates.createdAt} at time zone 'UTC') = ${week}
 * and ${and(...candidateRepository.scopeWhere(scope))})`, as `tasksDoneInWeek` in dashboard.ts does.
 */
export const candidatesAddedInWeek = (_input: SourceInput & { week: SQL }): SQL => sql`0`;
