import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { jobSeekers } from '../../db/schema/job-board';
import type { Caller } from '../../engine/context';
import { jobSeekerRepository } from '../job-seekers/repository';
import { candidateRepository, derivedColumns } from './candidate-repository';

/**
 * One person, one profile: a job seeker who is also a candidate (candidate.userId is their account)
 * must not see two copies drift apart. The fields both records have are these. The choice: the job
 * seeker's own profile is the source of truth for them. When a candidate is linked to an account the
 * profile's values are copied onto the candidate; from then on every edit of them, by the seeker on
 * their profile or by staff on any linked candidate, is copied to the profile and every other linked
 * candidate in the same transaction, each write logged. Everything else (preferences, projects,
 * diversity, status, owner) stays the organisation's own.
 */
export const sharedProfileFields = ['name', 'phone', 'about', 'skills', 'personalSkills'] as const;

type Values = Record<string, unknown>;

const sharedOf = (values: Values) =>
  Object.fromEntries(sharedProfileFields.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));

/** Copies the shared fields to the account's linked candidates (all organisations), but `exceptCandidateId`. */
export const copyToLinkedCandidates = async (
  db: Executor,
  input: { caller: Caller | null; userId: string; values: Values; exceptCandidateId?: string },
) => {
  const shared = sharedOf(input.values);
  if (Object.keys(shared).length === 0) return;
  const where = [eq(candidates.userId, input.userId), eq(candidates.isDeleted, false)];
  if (input.exceptCandidateId) where.push(ne(candidates.id, input.exceptCandidateId));
  const linked = await db
    .select({ id: candidates.id, organisationId: candidates.organisationId })
    .from(candidates)
    .where(and(...where));
  for (const row of linked) {
    const scope = { organisationId: row.organisationId as string };
    const before = await candidateRepository.get(db, scope, row.id);
    await candidateRepository.update(db, {
      caller: input.caller,
      scope,
      id: row.id,
      values: { ...shared, ...derivedColumns({ ...before, ...shared }) },
    });
  }
};

/** Copies the shared fields to the account's job seeker profile, when it has one. */
export const copyToJobSeekerProfile = async (db: Executor, input: { caller: Caller | null; userId: string; values: Values }) => {
  const shared = sharedOf(input.values);
  if (Object.keys(shared).length === 0) return;
  const [profile] = await db
    .select({ id: jobSeekers.id })
    .from(jobSeekers)
    .where(and(eq(jobSeekers.userId, input.userId), eq(jobSeekers.isDeleted, false)));
  if (!profile) return;
  await jobSeekerRepository.update(db, { caller: input.caller, scope: { ownerId: input.userId }, id: profile.id, values: shared });
};

/** A staff edit of a linked candidate: to the profile, then to the account's other candidates. */
export const syncFromCandidate = async (
  db: Executor,
  input: { caller: Caller | null; candidateId: string; userId: string; values: Values },
) => {
  await copyToJobSeekerProfile(db, input);
  await copyToLinkedCandidates(db, { ...input, exceptCandidateId: input.candidateId });
};

/** A seeker's own edit: to every candidate linked to their account. */
export const syncFromJobSeeker = async (db: Executor, input: { caller: Caller | null; userId: string; values: Values }) =>
  copyToLinkedCandidates(db, input);
