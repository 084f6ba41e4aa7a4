import { candidateInformationForm } from '@app/contract/resources/crm/candidate-information-form';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidateInformationForms } from '../../db/schema/information-requests';
import { resourceRepository } from '../../engine/repository';

export const informationFormRepository = resourceRepository(candidateInformationForm, candidateInformationForms);

/** How many FILLED forms wait for a decision, per candidate: the candidate's `filledProfileRequestCount`. */
export const filledFormCounts = async (db: Executor, candidateIds: readonly string[]) => {
  if (candidateIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ candidateId: candidateInformationForms.candidateId, n: count() })
    .from(candidateInformationForms)
    .where(
      and(
        inArray(candidateInformationForms.candidateId, [...candidateIds]),
        eq(candidateInformationForms.status, 'FILLED'),
        eq(candidateInformationForms.isDeleted, false),
      ),
    )
    .groupBy(candidateInformationForms.candidateId);
  return new Map(rows.map((row) => [row.candidateId, Number(row.n)]));
};
