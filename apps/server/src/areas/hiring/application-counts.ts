import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crmJobApplications } from '../../db/schema/hiring';

type CountedBy = 'candidateId' | 'jobId' | 'pipelineCurrentStage';

/** Live applications per candidate, job or stage, by its id: one query for a page (ids without any are absent). */
export const applicationCountsBy = async (db: Executor, key: CountedBy, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, number>();
  const column = crmJobApplications[key];
  const rows = await db
    .select({ id: column, n: count() })
    .from(crmJobApplications)
    .where(and(inArray(column, [...ids]), eq(crmJobApplications.isDeleted, false)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id as string, Number(row.n)]));
};
