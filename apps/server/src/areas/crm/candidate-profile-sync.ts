import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidateAccountLinks, candidates } from '../../db/schema/candidates';
import type { Caller } from '../../engine/context';
import { candidateRepository, derivedColumns } from './candidate-repository';
import { syncSelfContact } from './candidate-self-contact';

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

/** Writes shared fields (and `extra`) onto one agency's candidate, logged, and brings its own contact card in step. */
export const copyToCandidate = async (
  db: Executor,
  input: { caller: Caller | null; organisationId: string; candidateId: string; values: Values; extra?: Values },
) => {
  const scope = { organisationId: input.organisationId };
  const before = await candidateRepository.get(db, scope, input.candidateId);
  const values = { ...input.values, ...input.extra };
  const record = await candidateRepository.update(db, {
    caller: input.caller,
    scope,
    id: input.candidateId,
    values: { ...values, ...derivedColumns({ ...before, ...values }) },
  });
  if (input.values.name !== undefined || input.values.phone !== undefined) {
    await syncSelfContact(db, {
      caller: input.caller,
      organisationId: input.organisationId,
      candidate: { ...record, id: input.candidateId },
    });
  }
};

/** A seeker's own edit: to each candidate whose link with their account stands, one copy per agency. */
export const syncFromJobSeeker = async (db: Executor, input: { caller: Caller | null; userId: string; values: Values }) => {
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
    await copyToCandidate(db, { caller: input.caller, organisationId: row.organisationId, candidateId: row.id, values: shared });
  }
};
