import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { candidateInformationForms } from '../../db/schema/information-requests';
import type { Caller, Scope } from '../../engine/context';
import { candidateRepository } from './candidate-repository';
import { informationFormRepository } from './information-form-repository';

/**
 * The dashboard's sources beyond tasks. Interviews answer null (the screen says they arrive with
 * hiring) until they are counted here; wiring one is replacing its body with a count through that
 * entity's repository, in `readable(access)` (null: the caller may not READ it, count 0), as
 * candidates and information forms do, and adding its module to `dashboardModules`.
 */
export type SourceInput = {
  db: Executor;
  caller: Caller;
  /** The scope the caller may read a module in, or null without READ on it. */
  readable: (access: { module: 'Interview' | 'CandidateInformationForm' | 'Candidate' }) => Scope | null;
};

/** Interviews the caller may see. TODO(lead): `interviewRepository.scopeWhere(readable({ module: 'Interview' }))`. */
export const countInterviews = async (_input: SourceInput): Promise<number | null> => null;

/** Filled candidate information forms waiting for a decision (status FILLED) the caller may see. */
export const countFilledProfileRequests = async ({ db, readable }: SourceInput): Promise<number> => {
  const scope = readable({ module: 'CandidateInformationForm' });
  if (!scope) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(candidateInformationForms)
    .where(and(eq(candidateInformationForms.status, 'FILLED'), ...informationFormRepository.scopeWhere(scope)));
  return Number(row?.n ?? 0);
};

/** Candidates the caller may see. */
export const countCandidates = async ({ db, readable }: SourceInput): Promise<number> => {
  const scope = readable({ module: 'Candidate' });
  if (!scope) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(candidates)
    .where(and(...candidateRepository.scopeWhere(scope)));
  return Number(row?.n ?? 0);
};

/** How many candidates the caller may see were added in the week starting `week` (its Monday, UTC), as a scalar subquery. */
export const candidatesAddedInWeek = ({ readable, week }: SourceInput & { week: SQL }): SQL => {
  const scope = readable({ module: 'Candidate' });
  if (!scope) return sql`0`;
  return sql`(select count(*) from ${candidates} where ${and(
    sql`date_trunc('week', ${candidates.createdAt} at time zone 'UTC') = ${week}`,
    ...candidateRepository.scopeWhere(scope),
  )})`;
};
