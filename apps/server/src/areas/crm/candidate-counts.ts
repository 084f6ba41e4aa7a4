import type { Executor } from '../../db/client';
import { applicationCountsBy } from '../hiring/application-counts';

type Values = Record<string, unknown> & { _id: string };

/**
 * Counts answered beside every candidate: the jobs they are on (one query for the whole page), and 0
 * references and filled information requests until those exist. Added to the records themselves
 * (every caller answers records just read), not copies of their forty fields: a list page of them is
 * the hottest answer the CRM gives.
 */
export const withCounts = async <R extends Values>(db: Executor, records: R[]) => {
  const applied = await applicationCountsBy(
    db,
    'candidateId',
    records.map((record) => record._id),
  );
  return records.map((record) =>
    Object.assign(record, { appliedJobCount: applied.get(record._id) ?? 0, referencesCount: 0, filledProfileRequestCount: 0 }),
  );
};
