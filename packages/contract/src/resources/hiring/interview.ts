import { z } from 'zod';
import { address, email, isoDate } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { codeHolderCalls } from '../../conventions/one-time-code';
import { defineResource, defineWorkflow } from '../../define-resource';
import { endBeforeStart, timeZone } from '../crm/event';

export { endBeforeStart };

/** DECISIONS.md §8. */
export const interviewStatuses = ['SCHEDULED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;
export const interviewStatus = z.enum(interviewStatuses, { error: 'Status must be SCHEDULED, COMPLETED, CANCELLED or NO_SHOW' });
export type InterviewStatus = (typeof interviewStatuses)[number];

export const interviewMediums = ['ONLINE', 'IN_PERSON', 'PHONE'] as const;
export const interviewMedium = z
  .enum(interviewMediums, { error: 'Please choose how the interview is held: ONLINE, IN_PERSON or PHONE' })
  .meta({ optionLabels: { ONLINE: 'Video call', IN_PERSON: 'In person', PHONE: 'Phone' } });

/** A video room is made for an online interview: Jitsi needs no account; Google Meet needs the organisation's Google connection. */
export const meetingProviders = ['JITSI', 'GOOGLE_MEET'] as const;
export const meetingProvider = z
  .enum(meetingProviders, { error: 'Please choose JITSI or GOOGLE_MEET' })
  .meta({ optionLabels: { JITSI: 'Jitsi Meet', GOOGLE_MEET: 'Google Meet' } });
export const googleMeetNotConnected =
  'Google Meet is not connected for this organisation: choose Jitsi Meet, or add the meeting link yourself';

/** The overall verdict a scorecard gives, as Greenhouse's four-and-one scale reads it. */
export const overallScores = { 1: 'Strong no', 2: 'No', 3: 'Mixed', 4: 'Yes', 5: 'Strong yes' } as const;
export const overallScoreLabel = (points: number) => overallScores[Math.min(5, Math.max(1, Math.round(points))) as 1 | 2 | 3 | 4 | 5];

const typeRequired = 'Please provide the interview type.';
const startRequired = 'Please provide start time.';
const endRequired = 'Please provide end time.';
// As the spec writes it, trailing space included: client software matches it.
export const remarksRequired = 'Please provide remarks ';
export const interviewersRequired = 'Please choose at least one interviewer';
export const overallScoreMessage = 'Please give an overall score from 1 (strong no) to 5 (strong yes)';
export const onlyInterviewersScore = 'Only the interview’s interviewers and its host can submit a scorecard';
export const cancelledInterview = 'This interview is cancelled: schedule a new one instead';

const requiredTime = (required: string, what: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: `${what} must be a date and time` }));

export const externalInterviewer = z.object({
  name: z.string({ error: 'Please enter the interviewer’s name' }).trim().min(1, 'Please enter the interviewer’s name').max(200),
  email: email('Please enter email'),
});

const plans = z.object({
  interviewType: z.string({ error: typeRequired }).trim().min(1, typeRequired).max(100),
  medium: interviewMedium,
  /** For an online interview: which video service makes its room (Jitsi unless said). */
  onlineMeetingProvider: meetingProvider.optional().nullable(),
  /** Staff who interview (checked in the organisation); each is mailed the invitation. */
  interviewerIds: z.array(mongoId('interviewerId')).min(1, interviewersRequired).max(20),
  startTime: requiredTime(startRequired, 'Start time'),
  endTime: requiredTime(endRequired, 'End time'),
  /** The scheduler's IANA time zone: the mails state the times in it. */
  timeZone: timeZone.optional(),
  /** Where an in-person interview is held. */
  location: address.optional().nullable(),
  /**
   * Someone outside the agency on the panel (the client's hiring manager): invited by mail, and
   * scores it on the public interview page after a one-time code sent to this address.
   */
  externalInterviewer: externalInterviewer.optional().nullable(),
  /** For the interviewers only (never sent to the candidate). */
  remarks: z.string().trim().max(5000).optional().nullable(),
  /** What the candidate's invitation says besides the time and place (what to bring, who they meet). */
  descriptionForCandidate: z.string().trim().max(5000).optional().nullable(),
});

const scorecardItemInput = z
  .object({
    categoryId: mongoId('categoryId'),
    /** One of the category's rating options. */
    ratingOptionId: mongoId('ratingOptionId'),
    remarks: z.string().trim().max(2000).optional().nullable(),
  })
  .strict();

/** One interviewer's scorecard, as they send it. */
export const scorecardInput = z
  .object({
    remarks: z.string({ error: remarksRequired }).trim().min(1, remarksRequired).max(10_000),
    overallScore: z.number({ error: overallScoreMessage }).int(overallScoreMessage).min(1, overallScoreMessage).max(5, overallScoreMessage),
    scorecardItems: z.array(scorecardItemInput).max(50).default([]),
  })
  .strict();

export const scorecardItem = z.object({
  category: z.object({ _id: z.string(), label: z.string() }),
  score: z.object({ _id: z.string(), label: z.string(), points: z.string() }),
  remarks: z.string().nullable(),
});

export const scorecardEntry = z.object({
  remarks: z.string(),
  overallScore: z.number().int(),
  scorecardItems: z.array(scorecardItem),
  submittedBy: z.object({ _id: z.string(), name: z.string() }),
  submittedAt: z.string(),
});

/** The mean overall score of the scorecards in (`points`, to one decimal) and its verdict (`score`); nulls before any. */
export const avgScorecard = z.object({ score: z.string().nullable(), points: z.number().nullable() });

/**
 * An interview for a CRM job application (crm.md §3 Interview): scheduling it mails the candidate
 * and each interviewer an iCalendar invitation (one UID for good, SEQUENCE raised on each change,
 * CANCEL on cancelling or to an interviewer taken off), with a video room for an online one, and
 * moves the application to INTERVIEWING the first time. Interviewers score it on scorecards;
 * `avgScorecard` follows from them.
 */
export const interview = defineResource({
  name: 'Interview',
  table: 'interviews',
  tenancy: 'organisation',
  access: { module: 'Interview' },
  itemIdPrefix: 'INT',
  labelField: 'interviewType',
  references: {
    jobApplicationId: { resource: 'CrmJobApplication', expandAs: 'jobApplication' },
    candidateId: { resource: 'Candidate', expandAs: 'candidate', partOfRecord: true, derivedFrom: 'jobApplicationId' },
    jobId: { resource: 'CrmJob', expandAs: 'job', partOfRecord: true, derivedFrom: 'jobApplicationId' },
    interviewerIds: { resource: 'OrganisationStaff', expandAs: 'interviewers', partOfRecord: true },
    hostUserId: { resource: 'OrganisationStaff', expandAs: 'hostUser', partOfRecord: true },
  },
  fields: plans.extend({
    jobApplicationId: z.string(),
    candidateId: z.string(),
    jobId: z.string(),
    clientId: z.string().nullable(),
    hostUserId: z.string().nullable(),
    startTime: isoDate,
    endTime: isoDate,
    timeZone: z.string(),
    status: interviewStatus,
    /** The video room's link for an online interview, or what staff wrote instead (a dial-in, a room). */
    meetingInfo: z.string().nullable(),
    /** The iCalendar SEQUENCE of the last invitation: raised on each change. */
    sequence: z.number().int(),
    scorecard: z.array(scorecardEntry),
    avgScorecard,
  }),
  create: plans
    .extend({
      jobApplicationId: mongoId('job application id'),
      timeZone: timeZone.default('UTC'),
    })
    .strict(),
  update: plans.partial().extend({ _id: mongoId() }).strict(),
  status: interviewStatus,
  search: ['interviewType', 'itemId.combined'],
  filters: {
    jobApplicationId: filterId('job application id'),
    candidateId: filterId('candidateId'),
    jobId: filterId('job id'),
    interviewerIds: filterId('interviewerId'),
    status: filterValue(interviewStatus),
    startTime: filterDateRange,
  },
  sortable: ['startTime'],
  order: [{ field: 'startTime', direction: 'desc' }],
  screen: { area: 'crm', path: 'interviews', records: 'dialog', menu: { label: 'Interviews', icon: 'calendar-user', order: 72 } },
  calls: {
    create: { method: 'POST', path: '/interview/schedule', who: ['CRM_USER'], summary: 'Schedules an interview and mails its invitations' },
    update: { method: 'PUT', path: '/interview/', who: ['CRM_USER'], summary: 'Reschedules an interview and mails the update' },
    setStatus: {
      method: 'PUT',
      path: '/interview/status',
      who: ['CRM_USER'],
      summary: 'Completes, cancels (mailing the cancellation) or marks a no-show',
    },
    details: { method: 'POST', path: '/interview/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/interview/list', who: ['CRM_USER'] },
  },
});

export const interviewRecord = z.object({ _id: z.string() }).passthrough();

/** The meeting's link or dial-in, as staff set it: the invitation is sent again with it. */
export const interviewMeetingInfo = defineWorkflow({
  name: 'interviewMeetingInfo',
  tag: 'Interview',
  method: 'POST',
  path: '/interview/meeting-info',
  who: ['CRM_USER'],
  access: { module: 'Interview' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Sets the interview’s meeting link or dial-in and mails the updated invitation',
  input: z
    .object({
      _id: mongoId(),
      meetingInfo: z
        .string({ error: 'Please provide the meeting information' })
        .trim()
        .min(1, 'Please provide the meeting information')
        .max(2000),
    })
    .strict(),
  output: interviewRecord,
});

/** An interviewer's scorecard: a second one from the same person replaces their first. */
export const interviewFeedback = defineWorkflow({
  name: 'interviewFeedback',
  tag: 'Interview',
  method: 'POST',
  path: '/interview/feedback',
  who: ['CRM_USER'],
  access: { module: 'Interview' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'Submits the caller’s scorecard for an interview they take part in',
  input: z.object({ _id: mongoId(), scorecard: scorecardInput }).strict(),
  output: interviewRecord,
});

/** The public interview page's code (DECISIONS.md §9): mailed to the interview's external interviewer only. */
export const interviewInformationCodes = codeHolderCalls({
  resource: 'Interview',
  tag: 'Interview information page',
  sendOtpPath: '/interview-information/send-otp',
  checkOtpPath: '/interview-information/check-otp',
});

/** What the external interviewer sees of the one interview their code holds: enough to attend and score it. */
export const heldInterview = z.object({
  _id: z.string(),
  interviewType: z.string(),
  medium: z.string(),
  status: interviewStatus,
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  meetingInfo: z.string().nullable(),
  descriptionForCandidate: z.string().nullable(),
  candidateName: z.string(),
  jobTitle: z.string(),
  organisationName: z.string(),
  interviewerName: z.string(),
  /** The organisation's active feedback categories with their active ratings, to score against. */
  categories: z.array(
    z.object({
      _id: z.string(),
      label: z.string(),
      rating: z.array(z.object({ _id: z.string(), label: z.string(), points: z.string() })),
    }),
  ),
  /** Their own scorecard, once sent (sending again replaces it). */
  myScorecard: scorecardEntry.nullable(),
});

export const interviewInformationDetails = defineWorkflow({
  name: 'interviewInformationDetails',
  tag: 'Interview information page',
  method: 'POST',
  path: '/interview-information/details',
  who: ['code-holder'],
  holds: 'Interview',
  summary: 'The interview the code holds, for its external interviewer',
  input: z.object({ _id: mongoId() }).strict(),
  output: heldInterview,
});

export const interviewInformationFeedback = defineWorkflow({
  name: 'interviewInformationFeedback',
  tag: 'Interview information page',
  method: 'POST',
  path: '/interview-information/feedback',
  who: ['code-holder'],
  holds: 'Interview',
  summary: 'The external interviewer’s scorecard for the interview the code holds',
  input: z.object({ _id: mongoId(), scorecard: scorecardInput }).strict(),
  output: heldInterview,
});

export const busyRangeTooLong = 'Ask for at most 14 days of busy times at once';

/**
 * When the chosen staff are busy between two moments: their events (owned or attended), their tasks'
 * due times (half an hour each) and their other interviews. Times and kinds only: what a colleague's
 * meeting is about stays theirs.
 */
export const interviewBusyTimes = defineWorkflow({
  name: 'interviewBusyTimes',
  tag: 'Interview',
  method: 'POST',
  path: '/interview/busy-times',
  who: ['CRM_USER'],
  access: { module: 'Interview' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'When the chosen staff are busy (events, tasks due, interviews): times only',
  input: z
    .object({
      userIds: z.array(mongoId('userId')).min(1, interviewersRequired).max(20),
      from: isoDate,
      to: isoDate,
    })
    .strict()
    .refine((range) => Date.parse(range.to) > Date.parse(range.from), { message: endBeforeStart, path: ['to'] })
    .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 14 * 24 * 3600 * 1000, { message: busyRangeTooLong, path: ['to'] }),
  output: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      busy: z.array(z.object({ start: z.string(), end: z.string(), kind: z.enum(['EVENT', 'TASK', 'INTERVIEW']) })),
    }),
  ),
});
