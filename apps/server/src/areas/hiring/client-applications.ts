import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import type { ListRequest } from '@app/contract/conventions/list';
import type { RecordOf } from '@app/contract/conventions/record';
import {
  type clientApplication,
  clientApplicationCv,
  clientApplicationDetails,
  clientApplicationList,
  clientInterviewList,
  clientMoveToStage,
  clientMultiMoveToStage,
} from '@app/contract/resources/hiring/client-applications';
import type { crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmJobApplications, crmJobs } from '../../db/schema/hiring';
import { interviews } from '../../db/schema/interviews';
import type { Scope } from '../../engine/context';
import { notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { moveRecords } from '../../engine/transitions';
import { applicationRepository, applicationTransitions } from './applications';
import { clientCvLinkOf } from './client-cv';
import { interviewRepository, interviewsOfApplications } from './interview-repository';

type ClientApplication = z.output<typeof clientApplication>;
type ApplicationRecord = RecordOf<typeof crmJobApplication> & {
  currentStage?: ClientApplication['currentStage'];
};

const nameOf = (name: unknown) => fullNameOf((name ?? {}) as PersonName) || null;

/**
 * The records as their client sees them: the candidate's name (a client reads no candidates of its
 * own, so it is read here), the job's title, the stages passed without who or why, the interviews,
 * and the candidate's email and phone only where staff granted them (DECISIONS.md §6).
 */
const asClientSees = async (db: Executor, scope: Scope, records: ApplicationRecord[]): Promise<ClientApplication[]> => {
  if (records.length === 0) return [];
  const people = await db
    .select({ id: candidates.id, name: candidates.name, email: candidates.email, phone: candidates.phone })
    .from(candidates)
    .where(inArray(candidates.id, [...new Set(records.map((record) => record.candidateId))]));
  const jobs = await db
    .select({ id: crmJobs.id, title: crmJobs.title })
    .from(crmJobs)
    .where(inArray(crmJobs.id, [...new Set(records.map((record) => record.jobId))]));
  const personOf = new Map(people.map((person) => [person.id, person]));
  const titleOf = new Map(jobs.map((job) => [job.id, job.title]));
  const interviewsOf = await interviewsOfApplications(
    db,
    scope,
    records.map((record) => record._id),
  );
  return records.map((record) => {
    const person = personOf.get(record.candidateId);
    return {
      _id: record._id,
      itemId: record.itemId ?? null,
      candidate: { _id: record.candidateId, label: nameOf(person?.name) },
      job: { _id: record.jobId, label: titleOf.get(record.jobId) ?? null },
      pipelineId: record.pipelineId,
      pipelineCurrentStage: record.pipelineCurrentStage,
      currentStage: record.currentStage ?? null,
      stageEnteredAt: record.stageEnteredAt,
      stages: record.pipelineStageHistory.map((entry) => ({ stage: entry.stage, movedAt: entry.movedAt })),
      isPersonalInfoVisibleToClient: record.isPersonalInfoVisibleToClient,
      contact: record.isPersonalInfoVisibleToClient ? { email: person?.email ?? null, phone: person?.phone ?? null } : null,
      interviews: interviewsOf.get(record._id) ?? [],
      createdAt: record.createdAt,
    };
  });
};

const oneAsClientSees = async (db: Executor, scope: Scope, id: string) => {
  const [record] = await asClientSees(db, scope, [(await applicationRepository.details(db, scope, id)) as ApplicationRecord]);
  return record as ClientApplication;
};

/**
 * `/client/job-application`: a client user's view of the applications on their own client's jobs
 * (the application's client policy narrows every read and move to them), their moves recorded as
 * staff moves are, and the interviews.
 */
export const registerClientApplications = (app: FastifyInstance) => {
  registerCall(app, clientApplicationList, async ({ db, scope, input }) => {
    const page = await applicationRepository.list(db, scope, input as ListRequest);
    return { ...page, results: await asClientSees(db, scope, page.results as ApplicationRecord[]) };
  });

  registerCall(app, clientApplicationDetails, ({ db, scope, input }) => oneAsClientSees(db, scope, input._id));

  registerCall(app, clientMoveToStage, async (ctx) => {
    const { input } = ctx;
    const { moves } = await moveRecords(
      { ...ctx, repository: applicationRepository, options: applicationTransitions },
      {
        ids: [input.jobApplicationId],
        stage: input.pipelineItemId,
        remarks: input.remarks ?? null,
        input: { ...input, notifyCandidate: false },
      },
    );
    const record = await oneAsClientSees(ctx.db, ctx.scope, input.jobApplicationId);
    return moves.length === 0 ? record : new Answer(record, 'Moved successfully');
  });

  registerCall(app, clientMultiMoveToStage, async (ctx) => {
    const { input } = ctx;
    const { moves } = await moveRecords(
      { ...ctx, repository: applicationRepository, options: applicationTransitions },
      {
        ids: input.jobApplicationIds,
        stage: input.pipelineItemId,
        remarks: input.remarks ?? null,
        input: { ...input, notifyCandidate: false },
      },
    );
    return new Answer({ moved: moves.length }, `${moves.length} ${moves.length === 1 ? 'application' : 'applications'} moved`);
  });

  // Drawing a copy takes a moment: no transaction is held open for it (its one write is the file's row).
  registerCall(app, { ...clientApplicationCv, transaction: false }, clientCvLinkOf);

  registerCall(app, clientInterviewList, async ({ db, scope, input }) => {
    // The interviews of the applications this client user may see: their own client's.
    const mine = await db
      .select({ id: crmJobApplications.id })
      .from(crmJobApplications)
      .where(and(...applicationRepository.scopeWhere(scope)));
    const ids = mine.map((row) => row.id);
    const wanted = input.filter?.jobApplicationId as string | undefined;
    if (wanted && !ids.includes(wanted)) throw notFound(applicationRepository.label);
    const page = await interviewRepository.list(db, { organisationId: scope.organisationId }, { ...(input as ListRequest), filter: {} }, [
      ids.length > 0 ? inArray(interviews.jobApplicationId, wanted ? [wanted] : ids) : sql`false`,
    ]);
    return { ...page, results: page.results.map(interviewAsClientSees) };
  });
};

/** An interview as its client sees it: no scorecards or notes, the panel by name. */
const interviewAsClientSees = (record: Awaited<ReturnType<typeof interviewRepository.details>>) => {
  const row = record as typeof record & {
    candidate?: { _id: string; label: string | null } | null;
    job?: { _id: string; label: string | null } | null;
    interviewers?: { _id: string; label: string | null }[];
  };
  return {
    _id: row._id,
    jobApplicationId: row.jobApplicationId,
    interviewType: row.interviewType,
    medium: row.medium,
    status: row.status,
    startTime: row.startTime,
    endTime: row.endTime,
    timeZone: row.timeZone,
    meetingInfo: row.meetingInfo,
    candidate: row.candidate ?? null,
    job: row.job ?? null,
    interviewers: row.interviewers ?? [],
  };
};
