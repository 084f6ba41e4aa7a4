import type { Executor } from '../../db/client';
import { applicationCountsBy } from '../hiring/application-counts';
import { filledFormCounts } from './information-form-repository';

type Values = Record<string, unknown> & { _id: string };

/**
 * Counts answered beside every candidate: the jobs they are on and their filled information forms
 * waiting for a decision (one query each for the whole page), and 0 references until those exist.
 * Added to the records themselves (every caller answers records just read), not copies of their
 * forty fields: a list page of them is the hottest answer the CRM gives.
 */
export const withCounts = async <R extends Values>(db: Executor, records: R[]) => {
  const ids = records.map((record) => record._id);
  // One after the other: inside a write's transaction the two share its one connection.
  const applied = await applicationCountsBy(db, 'candidateId', ids);
  const filled = await filledFormCounts(db, ids);
  return records.map((record) =>
    Object.assign(record, {
      appliedJobCount: applied.get(record._id) ?? 0,
      referencesCount: 0,
      filledProfileRequestCount: filled.get(record._id) ?? 0,
    }),
  );
};
