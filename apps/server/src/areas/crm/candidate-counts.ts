import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crmJobApplications } from '../../db/schema/hiring';

type Values = Record<string, unknown> & { _id: string };

/** Live job applications of each candidate, by candidate id: one query for a page of candidates. */
const appliedJobCounts = async (db: Executor, candidateIds: readonly string[]) => {
  if (candidateIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ candidateId: crmJobApplications.candidateId, n: count() })
    .from(crmJobApplications)
    .where(and(inArray(crmJobApplications.candidateId, [...candidateIds]), eq(crmJobApplications.isDeleted, false)))
    .groupBy(crmJobApplications.candidateId);
  return new Map(rows.map((row) => [row.candidateId, Number(row.n)]));
};

/**
 * Counts answered beside every candidate: the jobs they are on (one query for the whole page), and 0
 * references and filled information requests until those exist. Added to the records themselves
 * (every caller answers records just read), not copies of their forty fields: a list page of them is
 * the hottest answer the CRM gives.
 */
export const withCounts = async <R extends Values>(db: Executor, records: R[]) => {
  const applied = await appliedJobCounts(
    db,
    records.map((record) => record._id),
  );
  return records.map((record) =>
    Object.assign(record, { appliedJobCount: applied.get(record._id) ?? 0, referencesCount: 0, filledProfileRequestCount: 0 }),
  );
};
