import { fullNameOf, type ItemId, type PersonName } from '@app/contract/conventions/common';
import type { MailKind } from '@app/contract/resources/crm/sent-mail';
import {
  cancelledInterview,
  endBeforeStart,
  googleMeetNotConnected,
  type heldInterview,
  type interview,
  interviewFeedback,
  interviewInformationCodes,
  interviewInformationDetails,
  interviewInformationFeedback,
  interviewMeetingInfo,
  onlyInterviewersScore,
  overallScoreLabel,
  type scorecardEntry,
  type scorecardInput,
} from '@app/contract/resources/hiring/interview';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { feedbackCategories, feedbackRatingOptions } from '../../db/schema/feedback';
import { crmJobs, hiringPipelineItems } from '../../db/schema/hiring';
import { interviews } from '../../db/schema/interviews';
import { organisations } from '../../db/schema/organisations';
import { registerCodeHolderCalls } from '../../engine/code-holder-calls';
import type { Scope } from '../../engine/context';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import type { StoredRow } from '../../engine/records';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import type { HookContext, ResourceHooks, WriteContext } from '../../engine/resource-hooks';
import { moveRecords } from '../../engine/transitions';
import type { SentFor } from '../../services/mail';
import { type CalendarEvent, interviewUid } from '../crm/event-calendar';
import { checkOutsideInvitations } from '../crm/event-invitation-limits';
import { candidatePeople, outsideAddresses, staffPeople } from '../crm/event-people';
import { mailInvitation, newMeetingLink } from '../crm/events';
import { activeTemplateOf, filledLetter } from '../email/templates';
import { feedbackCategoryRepository, ratingOptionRepository } from '../feedback/routes';
import { templateValuesOf } from './application-mail';
import { applicationRepository, applicationTransitions } from './applications';
import { interviewRepository } from './interview-repository';

type Hooks = ResourceHooks<typeof interview>;
type Row = Record<string, unknown> & { _id: string };

/** What the invitation is made of: a change to any of them is a new version, mailed to everyone. */
const invitationFields = [
  'interviewType',
  'externalInterviewer',
  'medium',
  'onlineMeetingProvider',
  'interviewerIds',
  'startTime',
  'endTime',
  'timeZone',
  'location',
  'descriptionForCandidate',
  'meetingInfo',
] as const;
const changesInvitation = (values: Record<string, unknown>) => invitationFields.some((field) => values[field] !== undefined);

/** Stages an application leaves for INTERVIEWING when its first interview is scheduled; from later ones it stays put. */
const beforeInterviewing = new Set(['APPLIED', 'LONG_LIST', 'SHORT_LIST', 'OUTBOUND', 'SCREENING', 'SUBMITTED', 'ON_HOLD']);

const timeOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).getTime();

const checkTimes = (start: unknown, end: unknown) => {
  if (timeOf(end) <= timeOf(start)) throw badRequest(endBeforeStart, [{ field: 'endTime', message: endBeforeStart }]);
};

/** An online interview gets a Jitsi room; Google Meet needs a Google connection the organisation does not have. */
const meetingOf = (medium: unknown, provider: unknown, meetingInfo: unknown) => {
  if (medium !== 'ONLINE') return { onlineMeetingProvider: null };
  if (provider === 'GOOGLE_MEET') {
    throw badRequest(googleMeetNotConnected, [{ field: 'onlineMeetingProvider', message: googleMeetNotConnected }]);
  }
  return { onlineMeetingProvider: 'JITSI', ...(meetingInfo ? {} : { meetingInfo: newMeetingLink() }) };
};

const beforeCreate: Hooks['beforeCreate'] = async ({ db, scope, caller, values }) => {
  checkTimes(values.startTime, values.endTime);
  const application = await applicationRepository.find(db, scope, values.jobApplicationId);
  if (!application) throw notFound(applicationRepository.label);
  return {
    ...values,
    ...meetingOf(values.medium, values.onlineMeetingProvider, null),
    candidateId: application.candidateId,
    jobId: application.jobId,
    clientId: application.clientId ?? null,
    hostUserId: caller?.id ?? null,
    status: 'SCHEDULED',
    sequence: 0,
    scorecard: [],
    avgScorecard: { score: null, points: null },
  };
};

const beforeUpdate: Hooks['beforeUpdate'] = ({ values, before, action }) => {
  if (action === 'STATUS_CHANGE') {
    if (before.status === values.status) return values;
    // A cancelled interview's invitation is withdrawn: bringing it back would need a new one.
    if (before.status === 'CANCELLED') throw badRequest(cancelledInterview);
    return values.status === 'CANCELLED' ? { ...values, sequence: (before.sequence ?? 0) + 1 } : values;
  }
  if (!changesInvitation(values)) return values;
  if (before.status === 'CANCELLED') throw badRequest(cancelledInterview);
  checkTimes(values.startTime ?? before.startTime, values.endTime ?? before.endTime);
  const next: Record<string, unknown> = { ...values, sequence: (before.sequence ?? 0) + 1 };
  if (values.medium !== undefined || values.onlineMeetingProvider !== undefined) {
    const medium = values.medium ?? before.medium;
    Object.assign(
      next,
      meetingOf(medium, values.onlineMeetingProvider ?? before.onlineMeetingProvider, values.meetingInfo ?? before.meetingInfo),
    );
    // An interview no longer online drops its video room, unless staff wrote new meeting details with the change.
    if (medium !== 'ONLINE' && values.meetingInfo === undefined) next.meetingInfo = null;
  }
  return next;
};

const isLink = (text: string | null | undefined) => !!text && /^https?:\/\/\S+$/.test(text.trim());

type Attendee = { email: string; name?: string | null };

/**
 * Mails the invitation of this version of the interview: REQUEST to the candidate (opening with the
 * organisation's INTERVIEW_SCHEDULED template on the first) and each interviewer, CANCEL to
 * interviewers taken off, or CANCEL to everyone when it is cancelled. Queued in the write's
 * transaction: a refused write mails no one.
 */
const mailInterview = async (
  ctx: HookContext<typeof interview>,
  input: { record: Row; before?: Row; change: 'new' | 'update' | 'cancel' },
) => {
  const { db, services, caller } = ctx;
  const { record, before } = input;
  const organisationId = record.organisationId as string;
  const hostId = (record.hostUserId as string | null) ?? null;
  const interviewerIds = (record.interviewerIds as string[]) ?? [];
  const earlierIds = (before?.interviewerIds as string[] | undefined) ?? [];
  const staff = await staffPeople(db, organisationId, [...new Set([...interviewerIds, ...earlierIds, ...(hostId ? [hostId] : [])])]);
  const candidateId = record.candidateId as string;
  const candidate = (await candidatePeople(db, organisationId, [candidateId])).get(candidateId);
  const [job] = await db
    .select({ title: crmJobs.title })
    .from(crmJobs)
    .where(eq(crmJobs.id, record.jobId as string));
  const host = hostId ? staff.get(hostId) : undefined;
  const candidateName = candidate?.name || candidate?.email || 'candidate';
  const meetingInfo = (record.meetingInfo as string | null) ?? null;
  const base: Omit<CalendarEvent, 'attendees' | 'description'> = {
    id: record._id,
    uid: interviewUid(record._id, services.config.appUrl),
    title: `${record.interviewType} interview: ${candidateName} for ${job?.title ?? 'the role'}`,
    startTime: record.startTime as string,
    endTime: record.endTime as string,
    location: record.medium === 'IN_PERSON' ? ((record.location as CalendarEvent['location']) ?? null) : null,
    meetingLink: isLink(meetingInfo) ? meetingInfo?.trim() : null,
    timeZone: (record.timeZone as string | null) ?? 'UTC',
    sequence: (record.sequence as number) ?? 0,
    organizer: host ? { name: host.name || host.email, email: host.email } : null,
  };
  const details = isLink(meetingInfo) ? '' : (meetingInfo ?? '');
  const forCandidate = [record.descriptionForCandidate as string | null, details].filter(Boolean).join('\n\n');
  const forInterviewers = [forCandidate, record.remarks ? `Notes for the interviewers: ${record.remarks}` : '']
    .filter(Boolean)
    .join('\n\n');
  const appUrl = services.config.appUrl;
  // Staff open the application; the external interviewer scores on the public page, after a code.
  const forStaff = [forInterviewers, `The application: ${appUrl}/crm/applications/${record.jobApplicationId}`].join('\n\n');
  const forExternal = [forInterviewers, `Score the interview here afterwards: ${appUrl}/interview/${record._id}`].join('\n\n');
  const external = externalOf(record);
  const earlierExternal = before ? externalOf(before) : null;
  // An outside interviewer's address is any the scheduler types: the calendar's limits on outside
  // invitations apply, so an interview is no mail relay either (the hour's budget is shared with events).
  const externalAddress = external ? external.email.toLowerCase() : null;
  const outside = externalAddress ? await outsideAddresses(db, organisationId, [externalAddress]) : new Set<string>();
  const isNew = externalAddress !== null && externalAddress !== earlierExternal?.email.toLowerCase();
  if (caller && externalAddress && input.change !== 'cancel' && outside.has(externalAddress)) {
    await checkOutsideInvitations({
      db,
      senderId: caller.id,
      outside,
      added: isNew ? outside : new Set(),
      checkEvent: false,
    });
  }
  const attendees: Attendee[] = [
    ...(candidate ? [candidate] : []),
    ...interviewerIds.flatMap((id) => (staff.get(id) ? [staff.get(id) as Attendee] : [])),
    ...(external ? [external] : []),
  ];
  const descriptionFor = (attendee: Attendee) =>
    attendee === candidate ? forCandidate : attendee === external || attendee === earlierExternal ? forExternal : forStaff;
  const itemId = record.itemId as ItemId | undefined;
  const sentFor = (kind: MailKind, attendee: Attendee): SentFor => ({
    organisationId,
    by: caller ? { id: caller.id, name: caller.name || caller.email } : null,
    kind,
    relatedTo: [
      { _id: record._id, entityType: 'Interview', ...(itemId ? { itemId } : {}) },
      { _id: record.jobApplicationId as string, entityType: 'CrmJobApplication' },
      ...(attendee === candidate ? [{ _id: candidateId, entityType: 'Candidate' }] : []),
    ],
    outside: (attendee === external || attendee === earlierExternal) && outside.has(attendee.email.toLowerCase()),
  });
  const letter =
    input.change === 'new' && candidate ? await candidateLetter(db, { organisationId, candidateId, jobTitle: job?.title }) : null;
  for (const attendee of attendees) {
    const toCandidate = attendee === candidate;
    const event = { ...base, attendees, description: descriptionFor(attendee) };
    const cancel = input.change === 'cancel';
    await mailInvitation({
      db,
      services,
      to: attendee.email,
      method: cancel ? 'CANCEL' : 'REQUEST',
      event,
      heading: cancel ? 'Cancelled' : input.change === 'new' ? 'Invitation' : 'Updated invitation',
      sentFor: sentFor(cancel ? 'INTERVIEW_CANCELLATION' : input.change === 'new' ? 'INTERVIEW_INVITATION' : 'INTERVIEW_UPDATE', attendee),
      letter: toCandidate ? letter : null,
    });
  }
  if (input.change !== 'update') return;
  const still = new Set(attendees.map((attendee) => attendee.email.toLowerCase()));
  const takenOff = [
    ...earlierIds.flatMap((id) => (staff.get(id) && !interviewerIds.includes(id) ? [staff.get(id) as Attendee] : [])),
    ...(earlierExternal ? [earlierExternal] : []),
  ].filter((attendee) => !still.has(attendee.email.toLowerCase()));
  for (const removed of takenOff) {
    // The cancellation names only the one taken off, so their calendar drops it and no one else's changes.
    await mailInvitation({
      db,
      services,
      to: removed.email,
      method: 'CANCEL',
      event: { ...base, attendees: [removed], description: descriptionFor(removed) },
      heading: 'Cancelled',
      sentFor: sentFor('INTERVIEW_CANCELLATION', removed),
    });
  }
};

type External = { name: string; email: string };
const externalOf = (row: Record<string, unknown>) => (row.externalInterviewer as External | null | undefined) ?? null;

/** The organisation's ACTIVE INTERVIEW_SCHEDULED template filled in for the candidate, or none (the built-in invitation alone). */
const candidateLetter = async (db: Executor, input: { organisationId: string; candidateId: string; jobTitle: string | undefined }) => {
  const template = await activeTemplateOf(db, input.organisationId, 'INTERVIEW_SCHEDULED');
  if (!template) return null;
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
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId));
  if (!person) return null;
  return filledLetter(
    template,
    templateValuesOf({ person, jobTitle: input.jobTitle ?? 'the role', organisationName: organisation?.name ?? '' }),
  );
};

/**
 * The first interview of an application at an earlier stage moves it to its pipeline's INTERVIEWING
 * stage, as a staff move would (history, log), in the scheduling's transaction.
 */
const moveToInterviewing = async (ctx: HookContext<typeof interview>, record: Row) => {
  const { db } = ctx;
  const applicationId = record.jobApplicationId as string;
  const [other] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.jobApplicationId, applicationId), ne(interviews.id, record._id), eq(interviews.isDeleted, false)))
    .limit(1);
  if (other) return;
  const application = await applicationRepository.find(db, ctx.scope, applicationId);
  if (!application?.pipelineCurrentStage) return;
  const [current] = await db
    .select({ stageType: hiringPipelineItems.stageType })
    .from(hiringPipelineItems)
    .where(eq(hiringPipelineItems.id, application.pipelineCurrentStage as string));
  if (!current || !beforeInterviewing.has(current.stageType)) return;
  const [interviewing] = await db
    .select({ id: hiringPipelineItems.id })
    .from(hiringPipelineItems)
    .where(
      and(
        eq(hiringPipelineItems.pipelineId, application.pipelineId as string),
        eq(hiringPipelineItems.stageType, 'INTERVIEWING'),
        eq(hiringPipelineItems.enabled, true),
        eq(hiringPipelineItems.isDeleted, false),
      ),
    )
    .orderBy(asc(hiringPipelineItems.orderNo), asc(hiringPipelineItems.id))
    .limit(1);
  if (!interviewing) return;
  await moveRecords(
    { ...ctx, repository: applicationRepository, options: applicationTransitions },
    { ids: [applicationId], stage: interviewing.id, remarks: `${record.interviewType} interview scheduled` },
  );
};

const afterWrite: Hooks['afterWrite'] = async (args) => {
  const { operation, input } = args;
  const record = args.record as unknown as Row;
  const before = args.before as unknown as Row | undefined;
  if (operation === 'create') {
    await moveToInterviewing(args, record);
    await mailInterview(args, { record, change: 'new' });
  } else if (operation === 'update' && changesInvitation(input)) {
    await mailInterview(args, { record, before, change: 'update' });
  } else if (operation === 'setStatus' && record.status === 'CANCELLED' && before?.status !== 'CANCELLED') {
    await mailInterview(args, { record, change: 'cancel' });
  }
};

type ScorecardEntry = z.output<typeof scorecardEntry>;

/** The mean of the overall scores to one decimal, and its verdict. */
const averageOf = (scorecard: ScorecardEntry[]) => {
  if (scorecard.length === 0) return { score: null, points: null };
  const points = Math.round((scorecard.reduce((sum, entry) => sum + entry.overallScore, 0) / scorecard.length) * 10) / 10;
  return { score: overallScoreLabel(points), points };
};

/** The scorecard's items with their category and rating read from the organisation's own (each option of its category). */
export const scorecardItemsOf = async (
  db: Executor,
  organisationId: string,
  items: { categoryId: string; ratingOptionId: string; remarks?: string | null }[],
) => {
  if (items.length === 0) return [];
  const scope = { organisationId };
  const categories = await db
    .select({ id: feedbackCategories.id, label: feedbackCategories.label })
    .from(feedbackCategories)
    .where(
      and(
        inArray(feedbackCategories.id, [...new Set(items.map((item) => item.categoryId))]),
        ...feedbackCategoryRepository.scopeWhere(scope),
      ),
    );
  const options = await db
    .select({
      id: feedbackRatingOptions.id,
      categoryId: feedbackRatingOptions.categoryId,
      label: feedbackRatingOptions.label,
      points: feedbackRatingOptions.points,
    })
    .from(feedbackRatingOptions)
    .where(
      and(
        inArray(feedbackRatingOptions.id, [...new Set(items.map((item) => item.ratingOptionId))]),
        ...ratingOptionRepository.scopeWhere(scope),
      ),
    );
  const categoryOf = new Map(categories.map((row) => [row.id, row]));
  const optionOf = new Map(options.map((row) => [row.id, row]));
  return items.map((item) => {
    const category = categoryOf.get(item.categoryId);
    if (!category) throw notFound(feedbackCategoryRepository.label);
    const option = optionOf.get(item.ratingOptionId);
    if (!option) throw notFound(ratingOptionRepository.label);
    if (option.categoryId !== item.categoryId) {
      const message = `“${option.label}” is not a rating of “${category.label}”`;
      throw badRequest(message, [{ field: 'ratingOptionId', message }]);
    }
    return {
      category: { _id: category.id, label: category.label },
      score: { _id: option.id, label: option.label, points: option.points },
      remarks: item.remarks ?? null,
    };
  });
};

/** Who an external interviewer is on a scorecard: their address, marked as no staff id. */
const externalKey = (external: External) => `external:${external.email.toLowerCase()}`;

/**
 * Adds (or replaces) one person's scorecard and works out the average: every interviewer, staff and
 * external, having scored it means it took place (COMPLETED). Through the repository: logged.
 */
const withScorecard = async (
  ctx: WriteContext & { db: Executor },
  input: { before: Row | StoredRow<typeof interview>; by: { _id: string; name: string }; scorecard: z.output<typeof scorecardInput> },
) => {
  const before = input.before as Row;
  if (before.status === 'CANCELLED') throw badRequest(cancelledInterview);
  const items = await scorecardItemsOf(ctx.db, before.organisationId as string, input.scorecard.scorecardItems);
  const entry: ScorecardEntry = {
    remarks: input.scorecard.remarks,
    overallScore: input.scorecard.overallScore,
    scorecardItems: items,
    submittedBy: input.by,
    submittedAt: new Date().toISOString(),
  };
  const scorecard = [
    ...((before.scorecard as ScorecardEntry[]) ?? []).filter((earlier) => earlier.submittedBy._id !== input.by._id),
    entry,
  ];
  const scored = new Set(scorecard.map((earlier) => earlier.submittedBy._id));
  const external = externalOf(before);
  const panel = [...((before.interviewerIds as string[]) ?? []), ...(external ? [externalKey(external)] : [])];
  const complete = before.status === 'SCHEDULED' && panel.every((id) => scored.has(id));
  return interviewRepository.update(ctx.db, {
    ...ctx,
    id: before._id ?? (before.id as string),
    values: { scorecard, avgScorecard: averageOf(scorecard), ...(complete ? { status: 'COMPLETED' } : {}) },
  });
};

/** The interview a code holds, live and with its external interviewer still on it (else the code holds nothing). */
const heldInterviewRow = async (db: Executor, scope: Scope, id: string) => {
  const row = await interviewRepository.find(db, scope, id);
  if (!row || !externalOf(row)) throw notFound(interviewRepository.label);
  return row as unknown as Row & { id: string };
};

/** What the external interviewer sees: the interview, who and what for, and what to score against. */
const heldView = async (db: Executor, row: Row & { id: string }): Promise<z.output<typeof heldInterview>> => {
  const organisationId = row.organisationId as string;
  const [person] = await db
    .select({ name: candidates.name })
    .from(candidates)
    .where(eq(candidates.id, row.candidateId as string));
  const [job] = await db
    .select({ title: crmJobs.title })
    .from(crmJobs)
    .where(eq(crmJobs.id, row.jobId as string));
  const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  const scope = { organisationId };
  const categories = await db
    .select({ _id: feedbackCategories.id, label: feedbackCategories.label })
    .from(feedbackCategories)
    .where(and(eq(feedbackCategories.status, 'ACTIVE'), ...feedbackCategoryRepository.scopeWhere(scope)))
    .orderBy(asc(feedbackCategories.createdAt), asc(feedbackCategories.id));
  const options = categories.length
    ? await db
        .select({
          _id: feedbackRatingOptions.id,
          categoryId: feedbackRatingOptions.categoryId,
          label: feedbackRatingOptions.label,
          points: feedbackRatingOptions.points,
        })
        .from(feedbackRatingOptions)
        .where(
          and(
            inArray(
              feedbackRatingOptions.categoryId,
              categories.map((category) => category._id),
            ),
            eq(feedbackRatingOptions.status, 'ACTIVE'),
            ...ratingOptionRepository.scopeWhere(scope),
          ),
        )
        .orderBy(asc(feedbackRatingOptions.createdAt), asc(feedbackRatingOptions.id))
    : [];
  const external = externalOf(row) as External;
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
  return {
    _id: row.id,
    interviewType: row.interviewType as string,
    medium: row.medium as string,
    status: row.status as z.output<typeof heldInterview>['status'],
    startTime: time(row.startTime),
    endTime: time(row.endTime),
    timeZone: (row.timeZone as string) ?? 'UTC',
    meetingInfo: (row.meetingInfo as string | null) ?? null,
    descriptionForCandidate: (row.descriptionForCandidate as string | null) ?? null,
    candidateName: fullNameOf((person?.name ?? {}) as PersonName) || 'The candidate',
    jobTitle: job?.title ?? '',
    organisationName: organisation?.name ?? '',
    interviewerName: external.name,
    categories: categories.map((category) => ({
      ...category,
      rating: options.filter((option) => option.categoryId === category._id).map(({ categoryId: _, ...option }) => option),
    })),
    myScorecard: ((row.scorecard as ScorecardEntry[]) ?? []).find((entry) => entry.submittedBy._id === externalKey(external)) ?? null,
  };
};

/** `/interview`: scheduling with invitations, rescheduling, status, the meeting's details and scorecards. */
export const registerInterviews = (app: FastifyInstance) => {
  registerResource(app, interviewRepository, { hooks: { beforeCreate, beforeUpdate, afterWrite } });

  registerCall(app, interviewMeetingInfo, (ctx) =>
    interviewRepository.update(ctx.db, { ...ctx, id: ctx.input._id, values: { meetingInfo: ctx.input.meetingInfo } }),
  );

  registerCall(app, interviewFeedback, async (ctx) => {
    const { db, scope, caller, input } = ctx;
    const before = await interviewRepository.get(db, scope, input._id);
    const interviewerIds = (before.interviewerIds as string[]) ?? [];
    if (!caller || (!interviewerIds.includes(caller.id) && before.hostUserId !== caller.id)) throw forbidden(onlyInterviewersScore);
    return withScorecard(ctx, { before, by: { _id: caller.id, name: caller.name || caller.email }, scorecard: input.scorecard });
  });

  registerCodeHolderCalls(app, {
    calls: interviewInformationCodes,
    repository: interviewRepository,
    recipientOf: (record) => externalOf(record)?.email,
    mailOf: (_record, code) => ({
      subject: 'Your code for the interview page',
      text: `Your code is ${code}. It is valid for 10 minutes and opens the interview page, where you can see the interview and send your scorecard. If you did not ask for it, you can ignore this mail.`,
    }),
  });

  registerCall(app, interviewInformationDetails, async ({ db, scope, input }) =>
    heldView(db, await heldInterviewRow(db, scope, input._id)),
  );

  registerCall(app, interviewInformationFeedback, async (ctx) => {
    const { db, scope, input } = ctx;
    const before = await heldInterviewRow(db, scope, input._id);
    const external = externalOf(before) as External;
    await withScorecard(ctx, { before, by: { _id: externalKey(external), name: external.name }, scorecard: input.scorecard });
    return heldView(db, await heldInterviewRow(db, scope, input._id));
  });
};
