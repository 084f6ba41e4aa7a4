import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidateAccountLinks, candidates } from '../../db/schema/candidates';
import type { Writer } from '../../engine/resource-hooks';
import { candidateRepository } from './candidate-repository';

/**
 * A job seeker's profile is theirs (DECISIONS.md §12). Each agency linked to the account holds its
 * own copy of the fields both records have (these), refreshed from the seeker's own profile edits
 * only while the link the seeker accepted stands (see candidate-account-link.ts). Nothing flows the
 * other way: an agency's edit of its candidate changes its candidate alone, never the seeker's
 * profile nor another agency's candidate. Everything else (preferences, projects, diversity, status,
 * owner) is the organisation's own.
 */
export const sharedProfileFields = ['name', 'phone', 'about', 'skills', 'personalSkills'] as const;

type Values = Record<string, unknown>;

/** The shared fields among `values`: those sent, or (`all`) every one, null when the profile has none. */
export const sharedOf = (values: Values, options: { all?: boolean } = {}) =>
  Object.fromEntries(
    sharedProfileFields.filter((key) => options.all || values[key] !== undefined).map((key) => [key, values[key] ?? null]),
  );

/**
 * Writes shared fields (and `extra`) onto one agency's candidate, logged; the candidate's hooks
 * derive its columns and bring its own contact card in step. The seeker's edit is theirs to make: a
 * duplicate the agency holds does not refuse it (`createAnyway`).
 */
export const copyToCandidate = async (
  db: Executor,
  input: Writer & { organisationId: string; candidateId: string; values: Values; extra?: Values },
) => {
  await candidateRepository.update(db, {
    ...input,
    scope: { organisationId: input.organisationId },
    id: input.candidateId,
    values: { ...input.values, ...input.extra, createAnyway: true },
  });
};

/** A seeker's own edit: to each candidate whose link with their account stands, one copy per agency. */
export const syncFromJobSeeker = async (db: Executor, input: Writer & { userId: string; values: Values }) => {
  const shared = sharedOf(input.values);
  if (Object.keys(shared).length === 0) return;
  const linked = await db
    .select({ id: candidates.id, organisationId: candidateAccountLinks.organisationId })
    .from(candidateAccountLinks)
    .innerJoin(
      candidates,
      and(
        eq(candidates.id, candidateAccountLinks.candidateId),
        eq(candidates.organisationId, candidateAccountLinks.organisationId),
        eq(candidates.userId, input.userId),
        eq(candidates.isDeleted, false),
      ),
    )
    .where(and(eq(candidateAccountLinks.userId, input.userId), eq(candidateAccountLinks.status, 'ACCEPTED')));
  for (const row of linked) {
    await copyToCandidate(db, { ...input, organisationId: row.organisationId, candidateId: row.id, values: shared });
  }
};
