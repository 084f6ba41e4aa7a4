import { interview } from '@app/contract/resources/hiring/interview';
import { and, asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { interviews } from '../../db/schema/interviews';
import type { Scope } from '../../engine/context';
import { resourceRepository } from '../../engine/repository';

export const interviewRepository = resourceRepository(interview, interviews);

/** Each application's interviews as its page and board card show them, oldest first. */
export const interviewsOfApplications = async (db: Executor, scope: Scope, applicationIds: string[]) => {
  const byApplication = new Map<
    string,
    { _id: string; avgScorecard: ScorecardAverage; interviewType: string; status: string; startTime: string }[]
  >();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select({
      _id: interviews.id,
      jobApplicationId: interviews.jobApplicationId,
      avgScorecard: interviews.avgScorecard,
      interviewType: interviews.interviewType,
      status: interviews.status,
      startTime: interviews.startTime,
    })
    .from(interviews)
    .where(
      and(
        inArray(interviews.jobApplicationId, applicationIds),
        ...interviewRepository.scopeWhere({ organisationId: scope.organisationId }),
      ),
    )
    .orderBy(asc(interviews.startTime), asc(interviews.id));
  for (const { jobApplicationId, startTime, ...row } of rows) {
    byApplication.set(jobApplicationId, [...(byApplication.get(jobApplicationId) ?? []), { ...row, startTime: startTime.toISOString() }]);
  }
  return byApplication;
};

type ScorecardAverage = { score: string | null; points: number | null };
