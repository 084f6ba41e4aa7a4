import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { referenceSummary } from '../../conventions/references';
import { defineResource, defineWorkflow } from '../../define-resource';
import { clientUserSeesOwnClient } from '../../scope-policy';
import { overallScoreMessage, remarksRequired, scorecardItem } from './interview';

/** PENDING: asked of the client and not yet answered; SUBMITTED: the client's answer (DECISIONS.md §8 leaves it free). */
export const feedbackStatuses = ['PENDING', 'SUBMITTED'] as const;
export const feedbackStatus = z.enum(feedbackStatuses, { error: 'Status must be PENDING or SUBMITTED' });

/** CLIENT: a client user gave it in the portal; STAFF: staff wrote down what the client said (a call, a meeting). */
export const feedbackSubmissionTypes = ['CLIENT', 'STAFF'] as const;
export const feedbackSubmissionType = z
  .enum(feedbackSubmissionTypes)
  .meta({ optionLabels: { CLIENT: 'Given in the portal', STAFF: 'Recorded by the agency' } });

export const skillScoreMessage = 'Please score each skill from 1 to 5';
export const clientsOwnWords = 'This feedback was given by the client in the portal: only they can change it';
export const feedbackNotYours = 'This feedback was recorded by the agency: ask your recruiter to change it';
export const noPortalUsers = 'This client has no portal users yet: give a contact portal access first, or record their feedback yourself';
export const portalUserNotOfClient = 'Each person asked must be a portal user of the application’s client';

const scorecardItemInput = z
  .object({
    categoryId: mongoId('categoryId'),
    ratingOptionId: mongoId('ratingOptionId'),
    remarks: z.string().trim().max(2000).optional().nullable(),
  })
  .strict();

const skillScoreInput = z
  .object({
    skillId: mongoId('skillId'),
    score: z.number({ error: skillScoreMessage }).int(skillScoreMessage).min(1, skillScoreMessage).max(5, skillScoreMessage),
    remarks: z.string().trim().max(2000).optional().nullable(),
  })
  .strict();

/** What the client says about a candidate: remarks, an overall verdict (the interviews' 1–5 scale), skills and categories scored. */
const answer = z.object({
  remarks: z.string({ error: remarksRequired }).trim().min(1, remarksRequired).max(10_000),
  overallScore: z.number({ error: overallScoreMessage }).int(overallScoreMessage).min(1, overallScoreMessage).max(5, overallScoreMessage),
  skillScorecard: z.array(skillScoreInput).max(50).default([]),
  scorecardItems: z.array(scorecardItemInput).max(50).default([]),
});

export const skillScore = z.object({ skillId: z.string(), skill: z.string(), score: z.number().int(), remarks: z.string().nullable() });
export const overallScoreOf = z.object({ score: z.string(), points: z.number() });

/**
 * A client's feedback on a candidate for one of their jobs (crm.md §3 Feedback): asked for by staff
 * (`generate-request`, a PENDING request mailed to the client's portal users) and given in the
 * portal, or recorded by staff from a call. The client user sees their own client's; what the
 * client gave in the portal only they change, and staff change only what staff recorded.
 */
export const feedback = defineResource({
  name: 'Feedback',
  table: 'feedback',
  tenancy: 'organisation',
  access: { module: 'Feedback' },
  policies: [clientUserSeesOwnClient('clientId')],
  // A candidate reads what staff shared with their job seeker account, without who wrote it or whom it was asked of.
  audiences: {
    staff: {},
    clientUser: { rows: { client: 'clientId' } },
    jobSeeker: {
      rows: { own: 'sharedWithUserId' },
      fields: ['jobId', 'status', 'remarks', 'overallScore', 'skillScorecard', 'scorecardItems', 'submittedAt'],
    },
  },
  itemIdPrefix: 'FBK',
  labelField: 'itemId.combined',
  references: {
    jobApplicationId: { resource: 'CrmJobApplication', expandAs: 'jobApplication' },
    candidateId: { resource: 'Candidate', expandAs: 'candidate', partOfRecord: true, derivedFrom: 'jobApplicationId' },
    clientId: { resource: 'Client', expandAs: 'client', partOfRecord: true, derivedFrom: 'jobApplicationId' },
    jobId: { resource: 'CrmJob', expandAs: 'job', partOfRecord: true, derivedFrom: 'jobApplicationId' },
    interviewId: { resource: 'Interview', expandAs: 'interview', partOfRecord: true, derivedFrom: 'jobApplicationId' },
  },
  fields: z.object({
    jobApplicationId: z.string(),
    candidateId: z.string(),
    clientId: z.string(),
    jobId: z.string(),
    /** The interview a request asks about, when it asks about one. */
    interviewId: z.string().nullable(),
    status: feedbackStatus,
    submissionType: feedbackSubmissionType.nullable(),
    remarks: z.string().nullable(),
    overallScore: overallScoreOf.nullable(),
    skillScorecard: z.array(skillScore),
    scorecardItems: z.array(scorecardItem),
    submittedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
    submittedAt: z.string().nullable(),
    /** Who a request was mailed to: the client's portal users. */
    requestedFrom: z.array(referenceSummary),
    /** What staff wrote to the client with the request. */
    requestMessage: z.string().nullable(),
    /** The candidate's job seeker account it is shared with (`share-with-candidate`), or null. */
    sharedWithUserId: z.string().nullable(),
  }),
  create: answer.extend({ jobApplicationId: mongoId('job application id') }).strict(),
  update: answer.extend({ _id: mongoId() }).strict(),
  search: ['remarks', 'itemId.combined'],
  filters: {
    jobApplicationId: filterId('job application id'),
    candidateId: filterId('candidateId'),
    jobId: filterId('job id'),
    status: filterValue(feedbackStatus),
    submissionType: filterValue(feedbackSubmissionType),
    createdAt: filterDateRange,
  },
  calls: {
    create: {
      method: 'POST',
      path: '/feedback/',
      who: ['CRM_CLIENT_USER', 'CRM_USER'],
      summary: 'Gives feedback on a candidate (a client user), or records the client’s (staff)',
    },
    update: {
      method: 'PUT',
      path: '/feedback/',
      who: ['CRM_CLIENT_USER', 'CRM_USER'],
      summary: 'Answers a feedback request or changes feedback, by whoever gave it',
    },
    details: { method: 'POST', path: '/feedback/details', who: ['CRM_CLIENT_USER', 'CRM_USER'] },
    list: { method: 'POST', path: '/feedback/list', who: ['CRM_CLIENT_USER', 'CRM_USER', 'JOB_SEEKER'] },
    remove: { method: 'PUT', path: '/feedback/delete', who: ['CRM_USER'], summary: 'Withdraws a feedback request or deletes feedback' },
  },
});

/** Staff ask the application's client for feedback: one PENDING request, mailed to the chosen portal users (all of them unless chosen). */
export const generateFeedbackRequest = defineWorkflow({
  name: 'generateFeedbackRequest',
  tag: 'Feedback',
  method: 'POST',
  path: '/feedback/generate-request',
  who: ['CRM_USER'],
  access: { module: 'Feedback' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Asks the client for feedback on an application (mails the INTERVIEW_FEEDBACK_REQUEST letter); again, a reminder',
  input: z
    .object({
      jobApplicationId: mongoId('job application id'),
      interviewId: mongoId('interview id').optional().nullable(),
      clientUserIds: z.array(mongoId('clientUserId')).max(20).optional(),
      message: z.string().trim().max(5000).optional().nullable(),
    })
    .strict(),
  output: z.object({ _id: z.string() }).passthrough(),
});

/** The client's requests still waiting for an answer, oldest first, with whom and what each is about. */
export const pendingFeedbackRequests = defineWorkflow({
  name: 'pendingFeedbackRequests',
  tag: 'Feedback',
  method: 'POST',
  path: '/feedback/get-pending-request',
  who: ['CRM_CLIENT_USER'],
  tenancy: 'organisation',
  summary: 'The feedback requests waiting for the client user’s client',
  input: z.object({}).strict().optional(),
  output: z.array(
    z.object({
      _id: z.string(),
      jobApplicationId: z.string(),
      candidate: referenceSummary.nullable(),
      job: referenceSummary.nullable(),
      interview: z.object({ _id: z.string(), interviewType: z.string(), startTime: z.string() }).nullable(),
      requestMessage: z.string().nullable(),
      requestedAt: z.string(),
    }),
  ),
});

export const noSeekerAccount = 'This candidate has no job seeker account to share it with: invite them to link one first';
export const onlySubmittedShared = 'Only feedback the client has given can be shared';

/** Staff share a client's feedback with the candidate (their linked job seeker account reads it), or stop sharing it. */
export const shareFeedbackWithCandidate = defineWorkflow({
  name: 'shareFeedbackWithCandidate',
  tag: 'Feedback',
  method: 'POST',
  path: '/feedback/share-with-candidate',
  who: ['CRM_USER'],
  access: { module: 'Feedback' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Shares feedback with the candidate’s job seeker account, or stops sharing it (an extra call)',
  input: z.object({ _id: mongoId(), shared: z.boolean({ error: 'shared must be true or false' }) }).strict(),
  output: z.object({ _id: z.string() }).passthrough(),
});
