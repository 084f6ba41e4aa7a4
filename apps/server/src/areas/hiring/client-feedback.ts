import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import {
  clientsOwnWords,
  feedback,
  feedbackNotYours,
  generateFeedbackRequest,
  noPortalUsers,
  noSeekerAccount,
  onlySubmittedShared,
  pendingFeedbackRequests,
  portalUserNotOfClient,
  shareFeedbackWithCandidate,
} from '@app/contract/resources/hiring/feedback';
import { overallScoreLabel } from '@app/contract/resources/hiring/interview';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { clientFeedback } from '../../db/schema/client-feedback';
import { crmJobs } from '../../db/schema/hiring';
import { interviews } from '../../db/schema/interviews';
import { skills } from '../../db/schema/lookups';
import { organisations } from '../../db/schema/organisations';
import { users } from '../../db/schema/users';
import type { Caller, Scope } from '../../engine/context';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { HookContext, ResourceHooks } from '../../engine/resource-hooks';
import { activeTemplateOf, filledLetter } from '../email/templates';
import { templateValuesOf } from './application-mail';
import { applicationRepository } from './applications';
import { interviewRepository } from './interview-repository';
import { scorecardItemsOf } from './interviews';

export const feedbackRepository = resourceRepository(feedback, clientFeedback);

type Hooks = ResourceHooks<typeof feedback>;
type AnswerValues = {
  remarks: string;
  overallScore: number;
  skillScorecard?: { skillId: string; score: number; remarks?: string | null }[];
  scorecardItems?: { categoryId: string; ratingOptionId: string; remarks?: string | null }[];
};

const noClient = 'This application’s job has no client to give feedback';
const notOfApplication = 'This interview is not one of this application’s';

const isAnswer = (values: Record<string, unknown>) => 'remarks' in values || 'overallScore' in values;

const submissionTypeOf = (caller: Caller | null) => (caller?.userType === 'CRM_CLIENT_USER' ? 'CLIENT' : 'STAFF');

/** The scored skills with their names (a skill unknown to the lookups is a 404). */
const skillScoresOf = async (db: Executor, scored: NonNullable<AnswerValues['skillScorecard']>) => {
  if (scored.length === 0) return [];
  const rows = await db
    .select({ id: skills.id, label: skills.label })
    .from(skills)
    .where(and(inArray(skills.id, [...new Set(scored.map((entry) => entry.skillId))]), eq(skills.isDeleted, false)));
  const labelOf = new Map(rows.map((row) => [row.id, row.label]));
  return scored.map((entry) => {
    const skill = labelOf.get(entry.skillId);
    if (!skill) throw notFound('Skill');
    return { skillId: entry.skillId, skill, score: entry.score, remarks: entry.remarks ?? null };
  });
};

/** The answer as stored: the verdict in words beside its points, items and skills named, who and when. */
const storedAnswer = async (ctx: HookContext, organisationId: string, values: AnswerValues) => ({
  remarks: values.remarks,
  overallScore: { score: overallScoreLabel(values.overallScore), points: values.overallScore },
  skillScorecard: await skillScoresOf(ctx.db, values.skillScorecard ?? []),
  scorecardItems: await scorecardItemsOf(ctx.db, organisationId, values.scorecardItems ?? []),
  status: 'SUBMITTED',
  submissionType: submissionTypeOf(ctx.caller),
  submittedBy: ctx.caller ? { _id: ctx.caller.id, name: ctx.caller.name || ctx.caller.email } : null,
  submittedAt: new Date(),
});

/** The application the feedback is about, as the caller may read it: another client's is a 404. */
const applicationOf = async (db: Executor, scope: Scope, id: string) => {
  const application = (await applicationRepository.details(db, scope, id)) as unknown as {
    _id: string;
    candidateId: string;
    jobId: string;
    clientId: string | null;
  };
  if (!application.clientId) throw badRequest(noClient);
  return application;
};

const beforeCreate: Hooks['beforeCreate'] = async (ctx) => {
  const { values, scope } = ctx;
  // A request (generate-request) is written as it is; anything else is an answer given now.
  if (values.status === 'PENDING') return values;
  const application = await applicationOf(ctx.db, scope, values.jobApplicationId);
  return {
    jobApplicationId: application._id,
    candidateId: application.candidateId,
    jobId: application.jobId,
    clientId: application.clientId,
    ...(await storedAnswer(ctx, scope.organisationId as string, values as AnswerValues)),
  };
};

/**
 * An answer replaces the one before, by whoever gave it: a client's own words are theirs, and what
 * staff recorded is the agency's. A request still PENDING is answered by either.
 */
const beforeUpdate: Hooks['beforeUpdate'] = async (ctx) => {
  const { values, before, caller } = ctx;
  if (!isAnswer(values)) return values;
  const given = before.submissionType as string | null;
  if (given && given !== submissionTypeOf(caller)) throw forbidden(given === 'CLIENT' ? clientsOwnWords : feedbackNotYours);
  return storedAnswer(ctx, before.organisationId as string, values as unknown as AnswerValues);
};

/** The portal users of a client the request goes to: the ones chosen, each of that client, or all of them. */
const portalUsersOf = async (db: Executor, input: { organisationId: string; clientId: string; chosen?: string[] }) => {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.organisationId, input.organisationId),
        eq(users.clientId, input.clientId),
        eq(users.userType, 'CRM_CLIENT_USER'),
        eq(users.status, 'ACTIVE'),
        eq(users.isDeleted, false),
      ),
    )
    .orderBy(asc(users.createdAt));
  if (!input.chosen?.length) {
    if (rows.length === 0) throw badRequest(noPortalUsers);
    return rows;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.chosen.map((id) => {
    const user = byId.get(id);
    if (!user) throw badRequest(portalUserNotOfClient, [{ field: 'clientUserIds', message: portalUserNotOfClient }]);
    return user;
  });
};

/** The request's letter: the organisation's ACTIVE INTERVIEW_FEEDBACK_REQUEST template, or the built-in one, with the portal's link. */
const requestLetter = async (
  db: Executor,
  input: {
    organisationId: string;
    candidateId: string;
    jobId: string;
    to: { name: unknown };
    interviewAt: Date | null;
    message: string | null;
    link: string;
  },
) => {
  const [person] = await db
    .select({
      name: candidates.name,
      email: candidates.email,
      phone: candidates.phone,
      address: candidates.address,
      preferences: candidates.preferences,
    })
    .from(candidates)
    .where(eq(candidates.id, input.candidateId));
  const [job] = await db.select({ title: crmJobs.title }).from(crmJobs).where(eq(crmJobs.id, input.jobId));
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId));
  const organisationName = organisation?.name ?? '';
  const jobTitle = job?.title ?? 'the role';
  const candidateName = fullNameOf((person?.name ?? {}) as PersonName) || 'the candidate';
  const template = await activeTemplateOf(db, input.organisationId, 'INTERVIEW_FEEDBACK_REQUEST');
  const giveIt = `Give your feedback here: ${input.link}`;
  if (template && person) {
    const letter = filledLetter(template, templateValuesOf({ person, jobTitle, organisationName }));
    return { subject: letter.subject, text: [letter.text, input.message, giveIt].filter(Boolean).join('\n\n') };
  }
  const greeting = (input.to.name as PersonName | null)?.first;
  const when = input.interviewAt ? ` after their interview on ${input.interviewAt.toUTCString().slice(0, 16)}` : '';
  return {
    subject: `Your feedback on ${candidateName} for ${jobTitle}`,
    text: [
      `Hello${greeting ? ` ${greeting}` : ''},`,
      `${organisationName} would like your feedback on ${candidateName} for the ${jobTitle} role${when}.`,
      input.message,
      `${giveIt}\n\nIt takes a couple of minutes: a few words, an overall verdict and, if you like, a score for each skill.`,
      `Kind regards,\n${organisationName}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
};

/**
 * `/feedback`: the client's feedback on candidates (the generic calls, through the hooks above),
 * staff's requests for it, mailed to the client's portal users, and the portal's waiting list.
 */
export const registerClientFeedback = (app: FastifyInstance) => {
  registerResource(app, feedbackRepository, { hooks: { beforeCreate, beforeUpdate } });

  registerCall(app, generateFeedbackRequest, async (ctx) => {
    const { db, scope, input, services, caller } = ctx;
    const organisationId = scope.organisationId as string;
    const application = await applicationOf(db, scope, input.jobApplicationId);
    const interview = input.interviewId ? await interviewRepository.get(db, { organisationId }, input.interviewId) : null;
    if (interview && interview.jobApplicationId !== application._id) {
      throw badRequest(notOfApplication, [{ field: 'interviewId', message: notOfApplication }]);
    }
    const asked = await portalUsersOf(db, { organisationId, clientId: application.clientId as string, chosen: input.clientUserIds });
    const requestedFrom = asked.map((user) => ({ _id: user.id, label: fullNameOf((user.name ?? {}) as PersonName) || user.email }));
    const [waiting] = await db
      .select({ id: clientFeedback.id, requestedFrom: clientFeedback.requestedFrom })
      .from(clientFeedback)
      .where(
        and(
          eq(clientFeedback.jobApplicationId, application._id),
          eq(clientFeedback.status, 'PENDING'),
          ...feedbackRepository.scopeWhere({ organisationId }),
        ),
      )
      .limit(1);
    const record = waiting
      ? await feedbackRepository.update(db, {
          ...ctx,
          id: waiting.id,
          values: {
            requestedFrom: [
              ...waiting.requestedFrom,
              ...requestedFrom.filter((user) => !waiting.requestedFrom.some((was) => was._id === user._id)),
            ],
            ...(input.message ? { requestMessage: input.message } : {}),
            ...(interview ? { interviewId: interview.id } : {}),
          },
        })
      : await feedbackRepository.create(db, {
          ...ctx,
          values: {
            jobApplicationId: application._id,
            candidateId: application.candidateId,
            jobId: application.jobId,
            clientId: application.clientId,
            interviewId: interview?.id ?? null,
            status: 'PENDING',
            requestedFrom,
            requestMessage: input.message ?? null,
          },
        });
    const link = `${services.config.appUrl}/client/feedback`;
    for (const user of asked) {
      const letter = await requestLetter(db, {
        organisationId,
        candidateId: application.candidateId,
        jobId: application.jobId,
        to: user,
        interviewAt: interview ? new Date(interview.startTime as unknown as string | Date) : null,
        message: input.message ?? null,
        link,
      });
      await services.mail.send(db, {
        to: user.email,
        ...letter,
        sentFor: {
          organisationId,
          by: caller ? { id: caller.id, name: caller.name || caller.email } : null,
          kind: 'INTERVIEW_FEEDBACK_REQUEST',
          relatedTo: [
            { _id: application._id, entityType: 'CrmJobApplication' },
            { _id: application.candidateId, entityType: 'Candidate' },
          ],
        },
      });
    }
    const people = asked.length === 1 ? '1 person' : `${asked.length} people`;
    return new Answer(record, waiting ? `Reminder sent to ${people}` : `Feedback request sent to ${people}`);
  });

  registerCall(app, shareFeedbackWithCandidate, async (ctx) => {
    const { db, scope, input } = ctx;
    const before = await feedbackRepository.get(db, scope, input._id);
    if (!input.shared) return feedbackRepository.update(db, { ...ctx, id: input._id, values: { sharedWithUserId: null } });
    if (before.status !== 'SUBMITTED') throw badRequest(onlySubmittedShared);
    const [person] = await db
      .select({ userId: candidates.userId })
      .from(candidates)
      .where(eq(candidates.id, before.candidateId as string));
    if (!person?.userId) throw badRequest(noSeekerAccount);
    const record = await feedbackRepository.update(db, { ...ctx, id: input._id, values: { sharedWithUserId: person.userId } });
    return new Answer(record, 'Shared with the candidate');
  });

  registerCall(app, pendingFeedbackRequests, async ({ db, scope }) => {
    const rows = await db
      .select({
        _id: clientFeedback.id,
        jobApplicationId: clientFeedback.jobApplicationId,
        candidateId: clientFeedback.candidateId,
        candidateName: candidates.name,
        jobId: clientFeedback.jobId,
        jobTitle: crmJobs.title,
        interviewId: clientFeedback.interviewId,
        requestMessage: clientFeedback.requestMessage,
        requestedAt: clientFeedback.createdAt,
      })
      .from(clientFeedback)
      .leftJoin(candidates, eq(candidates.id, clientFeedback.candidateId))
      .leftJoin(crmJobs, eq(crmJobs.id, clientFeedback.jobId))
      .where(and(eq(clientFeedback.status, 'PENDING'), ...feedbackRepository.scopeWhere(scope)))
      .orderBy(asc(clientFeedback.createdAt))
      .limit(200);
    const interviewIds = rows.flatMap((row) => (row.interviewId ? [row.interviewId] : []));
    const held = interviewIds.length
      ? await db
          .select({ _id: interviews.id, interviewType: interviews.interviewType, startTime: interviews.startTime })
          .from(interviews)
          .where(inArray(interviews.id, interviewIds))
      : [];
    const interviewOf = new Map(held.map((row) => [row._id, { ...row, startTime: row.startTime.toISOString() }]));
    return rows.map((row) => ({
      _id: row._id,
      jobApplicationId: row.jobApplicationId,
      candidate: { _id: row.candidateId, label: fullNameOf((row.candidateName ?? {}) as PersonName) || null },
      job: { _id: row.jobId, label: row.jobTitle ?? null },
      interview: row.interviewId ? (interviewOf.get(row.interviewId) ?? null) : null,
      requestMessage: row.requestMessage,
      requestedAt: row.requestedAt.toISOString(),
    }));
  });
};
