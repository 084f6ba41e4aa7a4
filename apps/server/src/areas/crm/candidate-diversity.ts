import type { CandidateDiversity } from '@app/contract/resources/crm/candidate';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidateDiversity } from '../../db/schema/candidates';
import { checkPermission } from '../../engine/access';
import type { Caller } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { HttpError } from '../../engine/errors';

const diversityAccess = { module: 'Candidate', feature: 'Diversity' } as const;

/** Whether the caller holds the Candidate/Diversity feature at this level (only staff ever can). */
export const mayDiversity = async (db: Executor, caller: Caller | null, level: 'READ' | 'WRITE') => {
  if (caller?.userType !== 'CRM_USER') return false;
  try {
    await checkPermission(db, { caller, access: diversityAccess, level });
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return false;
    throw error;
  }
};

/**
 * Sent without WRITE on Diversity it is a 403, not silently dropped: a form must not believe it
 * saved special-category data that it did not.
 */
export const assertMayWriteDiversity = async (db: Executor, caller: Caller | null) => {
  if (!(await mayDiversity(db, caller, 'WRITE'))) throw new HttpError(403, 'You do not have WRITE access to Diversity');
};

const empty: CandidateDiversity = { dateOfBirth: null, gender: null, ethnicGroup: null, lgbtqCommunity: null, illnessAffecting: null };

/** Stores (or, with null, clears) a candidate's diversity; the log says that it changed, never the values. */
export const writeDiversity = async (
  db: Executor,
  input: {
    caller: Caller | null;
    candidate: { _id: string; itemId?: unknown; organisationId: string };
    diversity: CandidateDiversity | null;
  },
) => {
  const values = { ...empty, ...(input.diversity ?? {}), updatedAt: new Date() };
  await db
    .insert(candidateDiversity)
    .values({ candidateId: input.candidate._id, organisationId: input.candidate.organisationId, ...values })
    .onConflictDoUpdate({ target: candidateDiversity.candidateId, set: values });
  await writeEntityLog(db, {
    caller: input.caller,
    organisationId: input.candidate.organisationId,
    entityType: 'Candidate',
    action: 'UPDATE',
    record: input.candidate as never,
    to: { diversity: input.diversity ? 'changed' : 'cleared' },
  });
};

/** The stored diversity (null when none), the read written to the entity log: who, which candidate. */
export const readDiversity = async (
  db: Executor,
  input: { caller: Caller | null; candidate: { _id: string; itemId?: unknown; organisationId: string } },
): Promise<CandidateDiversity | null> => {
  const [row] = await db.select().from(candidateDiversity).where(eq(candidateDiversity.candidateId, input.candidate._id));
  await writeEntityLog(db, {
    caller: input.caller,
    organisationId: input.candidate.organisationId,
    entityType: 'Candidate',
    action: 'SENSITIVE_READ',
    record: input.candidate as never,
  });
  if (!row) return null;
  const { dateOfBirth, gender, ethnicGroup, lgbtqCommunity, illnessAffecting } = row;
  return { dateOfBirth, gender, ethnicGroup, lgbtqCommunity, illnessAffecting };
};

/** A merge keeps the survivor's diversity, or takes the merged one's when the survivor has none. */
export const moveDiversity = async (db: Executor, input: { from: string; to: string }) => {
  const [survivor] = await db.select().from(candidateDiversity).where(eq(candidateDiversity.candidateId, input.to));
  if (survivor) return;
  await db.update(candidateDiversity).set({ candidateId: input.to }).where(eq(candidateDiversity.candidateId, input.from));
};
