import type { StageMove } from '@app/contract/define-resource';
import {
  addToLongList,
  applicationCardFields,
  candidateApplicationList,
  crmJobApplication,
  grantApplicationAccess,
  jobApplicantsList,
  sendJobApplicantEmail,
} from '@app/contract/resources/hiring/job-application';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidateCvs, candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import { crmJobApplications, crmJobs, hiringPipelineItems } from '../../db/schema/hiring';
import type { Caller, Scope } from '../../engine/context';
import { badRequest, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { Transition, TransitionOptions } from '../../engine/transitions';
import { plainText, sanitizeRichText } from '../../services/sanitize';
import { applicantMailOfStage, mailApplicants } from './application-mail';
import { crmJobRepository } from './crm-jobs';
import { interviewsOfApplications } from './interview-repository';

export const applicationRepository = resourceRepository(crmJobApplication, crmJobApplications);

type JoiningInfo = { startDate: string; endDate: string | null; durationInMonths: number | null };

const monthsBetween = (start: Date, end: Date) => Math.round(((end.getTime() - start.getTime()) / (30.4375 * 24 * 3600 * 1000)) * 10) / 10;

/** A move to HIRED records when the candidate joins (and, for a contract, leaves). */
const joiningInfoOf = (input: Record<string, unknown>): JoiningInfo => {
  const joiningDate = input.joiningDate as string | null | undefined;
  const joiningEndDate = input.joiningEndDate as string | null | undefined;
  if (!joiningDate) {
    const message = 'Please provide the joining date';
    throw badRequest(message, [{ field: 'joiningDate', message }]);
  }
  const start = new Date(joiningDate);
  const end = joiningEndDate ? new Date(joiningEndDate) : null;
  if (end && end < start) {
    const message = 'The end date must be after the joining date';
    throw badRequest(message, [{ field: 'joiningEndDate', message }]);
  }
  return { startDate: start.toISOString(), endDate: end?.toISOString() ?? null, durationInMonths: end ? monthsBetween(start, end) : null };
};

export const applicationTransitions: TransitionOptions = {
  // In the move's transaction: the joining dates are written with it, and the letters are queued with
  // it, so a refused move writes and mails nothing.
  beforeTransition: async ({ db, caller, services, moves, input }) => {
    const toType = moves[0]?.toType;
    if (!toType) return;
    const joiningInfo = toType === 'HIRED' ? joiningInfoOf(input) : undefined;
    const letter = applicantMailOfStage[toType];
    if (letter && input.notifyCandidate !== false) {
      await mailApplicants(db, {
        services,
        caller,
        type: letter,
        applications: moves.map(({ record }: Transition) => ({
          _id: record._id,
          candidateId: record.candidateId as string,
          jobId: record.jobId as string,
          organisationId: record.organisationId as string,
        })),
      });
    }
    return joiningInfo ? { joiningInfo } : undefined;
  },
};

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The stage an application starts at: the pipeline's first enabled stage of the type, else its first enabled stage. */
const startingStages = async (db: Executor, pipelineIds: string[], stageType: string) => {
  if (pipelineIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: hiringPipelineItems.id, pipelineId: hiringPipelineItems.pipelineId, stageType: hiringPipelineItems.stageType })
    .from(hiringPipelineItems)
    .where(
      and(
        inArray(hiringPipelineItems.pipelineId, pipelineIds),
        eq(hiringPipelineItems.enabled, true),
        eq(hiringPipelineItems.isDeleted, false),
      ),
    )
    .orderBy(asc(hiringPipelineItems.orderNo), asc(hiringPipelineItems.id))
    // As a move's destination is: a stage being disabled meanwhile is read as it ends up.
    .for('share');
  const stages = new Map<string, string>();
  for (const row of rows) if (row.stageType === stageType && !stages.has(row.pipelineId)) stages.set(row.pipelineId, row.id);
  for (const row of rows) if (!stages.has(row.pipelineId)) stages.set(row.pipelineId, row.id);
  return stages;
};

const movedByOf = (caller: Caller | null) => ({ _id: caller?.id ?? '', name: caller?.name || caller?.email || 'System' });

/**
 * Puts candidates on jobs at their pipelines' starting stage (LONG_LIST for staff, APPLIED from the
 * board), each pair once: the pairs already there are answered, not added again. One transaction,
 * through the repository (hooks and log). Callers hold the jobs' locks, so two at once do not race.
 */
export const putOnJobs = async (
  db: Executor,
  ctx: {
    caller: Caller | null;
    scope: Scope;
    services: FastifyInstance['services'];
    afterCommit: (task: (db: Executor) => unknown) => void;
  },
  input: {
    candidateIds: string[];
    jobs: { id: string; pipelineId: string | null; clientId: string | null; organisationId: string | null }[];
    stageType: 'LONG_LIST' | 'APPLIED';
    source: 'MANUAL' | 'BOARD' | 'IMPORT' | 'REFERRAL';
    remarks: string;
    extra?: (pair: { candidateId: string; jobId: string }) => Record<string, unknown>;
  },
) => {
  const jobIds = input.jobs.map((job) => job.id).sort();
  for (const jobId of jobIds) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-applications:${jobId}`}))`);
  const existing = await db
    .select({ _id: crmJobApplications.id, candidateId: crmJobApplications.candidateId, jobId: crmJobApplications.jobId })
    .from(crmJobApplications)
    .where(
      and(
        inArray(crmJobApplications.jobId, jobIds),
        inArray(crmJobApplications.candidateId, input.candidateIds),
        eq(crmJobApplications.isDeleted, false),
      ),
    );
  const there = new Set(existing.map((row) => `${row.candidateId}:${row.jobId}`));
  const stages = await startingStages(
    db,
    unique(input.jobs.map((job) => job.pipelineId).filter((id): id is string => Boolean(id))),
    input.stageType,
  );
  const cvs = await db
    .select({ id: candidateCvs.id, candidateId: candidateCvs.jobSeekerId })
    .from(candidateCvs)
    .where(and(inArray(candidateCvs.jobSeekerId, input.candidateIds), eq(candidateCvs.isDefault, true), eq(candidateCvs.isDeleted, false)));
  const cvOf = new Map(cvs.map((cv) => [cv.candidateId, cv.id]));
  const now = new Date();
  const values: Record<string, unknown>[] = [];
  for (const job of input.jobs) {
    const stage = job.pipelineId ? stages.get(job.pipelineId) : undefined;
    if (!job.pipelineId || !stage) throw badRequest('This job’s pipeline has no enabled stage');
    for (const candidateId of input.candidateIds) {
      if (there.has(`${candidateId}:${job.id}`)) continue;
      const entry: StageMove = { movedBy: movedByOf(ctx.caller), stage, movedAt: now.toISOString(), remarks: input.remarks };
      values.push({
        candidateId,
        jobId: job.id,
        clientId: job.clientId,
        pipelineId: job.pipelineId,
        pipelineCurrentStage: stage,
        pipelineStageHistory: [entry],
        source: input.source,
        candidateCvId: cvOf.get(candidateId) ?? null,
        stageEnteredAt: now,
        ...(job.organisationId && !ctx.scope.organisationId ? { organisationId: job.organisationId } : {}),
        ...input.extra?.({ candidateId, jobId: job.id }),
      });
    }
  }
  const added = values.length > 0 ? await applicationRepository.createMany(db, { ...ctx, values }) : [];
  return { added, alreadyThere: existing };
};

const closedStatuses = new Set(['CLOSED', 'ARCHIVED']);

/**
 * Refuses, as a 404 naming it, any candidate or job the caller could not read through their own
 * calls: another organisation's, a removed one, or one outside their OWN/TEAM scope on Candidate or
 * Job. The repository's reference check, since createMany (many rows at once) does not run it.
 */
const checkVisible = (db: Executor, scope: Scope, values: { candidateId?: string[]; jobId?: string[] }) =>
  applicationRepository.checkReferences(db, { scope, home: { organisationId: scope.organisationId }, values });

/**
 * Jobs that take applications, by id: one the caller may not read is a 404, a closed or archived
 * one a 400. `scope` is the call's (its organisation and caller).
 */
export const openJobsOf = async (db: Executor, scope: Scope, jobIds: string[]) => {
  await checkVisible(db, scope, { jobId: jobIds });
  const jobs = await db
    .select({
      id: crmJobs.id,
      title: crmJobs.title,
      status: crmJobs.status,
      pipelineId: crmJobs.pipelineId,
      clientId: crmJobs.clientId,
      organisationId: crmJobs.organisationId,
    })
    .from(crmJobs)
    .where(and(inArray(crmJobs.id, jobIds), ...crmJobRepository.scopeWhere({ organisationId: scope.organisationId })));
  if (jobs.length < jobIds.length) throw notFound('Job');
  const closed = jobs.find((job) => closedStatuses.has(job.status));
  if (closed) throw badRequest(`${closed.title} is ${closed.status.toLowerCase()}: it takes no new applications`);
  return jobs;
};

/**
 * The people a mail to applicants reaches, by the ids sent: a candidate (their own email) or one of a
 * candidate's contacts, the candidate holding a live application (on the job, when one is named) and
 * readable by the caller. Any other id is a 404: the call mails applicants, not the address book.
 */
const recipientsOf = async (db: Executor, scope: Scope, input: { ids: string[]; jobId?: string }) => {
  const organisationId = scope.organisationId as string;
  const contacts = await db
    .select({ id: crmContacts.id, profile: crmContacts.profile, relatedTo: crmContacts.relatedTo })
    .from(crmContacts)
    .where(and(inArray(crmContacts.id, input.ids), eq(crmContacts.organisationId, organisationId), eq(crmContacts.isDeleted, false)));
  const people = await db
    .select({ id: candidates.id, email: candidates.email })
    .from(candidates)
    .where(and(inArray(candidates.id, input.ids), eq(candidates.organisationId, organisationId), eq(candidates.isDeleted, false)));
  const candidateOf = new Map(people.map((row) => [row.id, row.id]));
  for (const row of contacts) {
    const owner = (row.relatedTo as { _id: string; entityType: string }[] | null)?.find((entry) => entry.entityType === 'Candidate');
    if (owner) candidateOf.set(row.id, owner._id);
  }
  if (input.ids.some((id) => !candidateOf.has(id))) throw notFound('Applicant');
  const candidateIds = unique([...candidateOf.values()]);
  await checkVisible(db, scope, { candidateId: candidateIds });
  const applied = await db
    .selectDistinct({ candidateId: crmJobApplications.candidateId })
    .from(crmJobApplications)
    .where(
      and(
        inArray(crmJobApplications.candidateId, candidateIds),
        eq(crmJobApplications.organisationId, organisationId),
        eq(crmJobApplications.isDeleted, false),
        input.jobId ? eq(crmJobApplications.jobId, input.jobId) : undefined,
      ),
    );
  if (applied.length < candidateIds.length) throw notFound('Applicant');
  const aboutCandidate = (id: string) => [{ _id: candidateOf.get(id) as string, entityType: 'Candidate' }];
  const recipients = [
    ...contacts.map((row) => ({ email: (row.profile as { email?: string }).email ?? '', relatedTo: aboutCandidate(row.id) })),
    ...people.map((row) => ({ email: row.email, relatedTo: aboutCandidate(row.id) })),
  ].filter((recipient) => recipient.email);
  // A candidate sent with their own contact (the same address) hears once.
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const address = recipient.email.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
};

/** The records with their interviews (`interviews`), for the whole page at once. */
const withInterviews = async <Record extends { _id: string }>(db: Executor, scope: Scope, records: Record[]) => {
  const byApplication = await interviewsOfApplications(
    db,
    scope,
    records.map((record) => record._id),
  );
  return records.map((record) => ({ ...record, interviews: byApplication.get(record._id) ?? [] }));
};

export const registerApplications = (app: FastifyInstance) => {
  registerResource(app, applicationRepository, {
    transitions: applicationTransitions,
    hooks: { afterRead: ({ db, scope, records }) => withInterviews(db, scope, records) },
  });

  registerCall(app, addToLongList, async (ctx) => {
    const { db, scope, input } = ctx;
    const candidateIds = unique(input.candidateIds);
    const jobIds = unique(input.jobIds);
    await checkVisible(db, scope, { candidateId: candidateIds });
    const jobs = await openJobsOf(db, scope, jobIds);
    const { added, alreadyThere } = await putOnJobs(db, ctx, {
      candidateIds,
      jobs,
      stageType: 'LONG_LIST',
      source: 'MANUAL',
      remarks: 'Added to the long list',
    });
    const message =
      added.length === 0
        ? 'Already on the long list'
        : `${added.length} added to the long list${alreadyThere.length > 0 ? `, ${alreadyThere.length} already there` : ''}`;
    return new Answer({ added, alreadyThere }, message);
  });

  registerCall(app, candidateApplicationList, async ({ db, scope, input }) => {
    const { candidateId, ...request } = input;
    await checkVisible(db, scope, { candidateId: [candidateId] });
    const page = await applicationRepository.list(db, scope, request, [eq(crmJobApplications.candidateId, candidateId)]);
    return { ...page, results: await withInterviews(db, scope, page.results) };
  });

  registerCall(app, jobApplicantsList, async ({ db, scope, input }) => {
    const { jobId, ...request } = input;
    await checkVisible(db, scope, { jobId: [jobId] });
    const page = await applicationRepository.list(db, scope, request, [eq(crmJobApplications.jobId, jobId)], {
      fields: applicationCardFields,
    });
    return { ...page, results: await withInterviews(db, scope, page.results) };
  });

  registerCall(app, grantApplicationAccess, (ctx) =>
    applicationRepository.update(ctx.db, {
      ...ctx,
      id: ctx.input._id,
      values: { isPersonalInfoVisibleToClient: ctx.input.isPersonalInfoVisibleToClient },
    }),
  );

  registerCall(app, sendJobApplicantEmail, async ({ db, scope, caller, services, input }) => {
    const organisationId = scope.organisationId as string;
    const { jobId } = input;
    if (jobId) await checkVisible(db, scope, { jobId: [jobId] });
    const recipients = await recipientsOf(db, scope, { ids: unique(input.contactIds), jobId });
    const by = caller ? { id: caller.id, name: caller.name || caller.email } : null;
    for (const recipient of recipients) {
      await services.mail.send(db, {
        to: recipient.email,
        subject: input.subject,
        html: sanitizeRichText(input.body),
        text: plainText(input.body),
        sentFor: {
          organisationId,
          by,
          kind: 'JOB_APPLICANT_EMAIL',
          relatedTo: [...recipient.relatedTo, ...(jobId ? [{ _id: jobId, entityType: 'CrmJob' }] : [])],
        },
      });
    }
    return new Answer(
      { sent: recipients.length },
      `Email sent to ${recipients.length} ${recipients.length === 1 ? 'applicant' : 'applicants'}`,
    );
  });
};
