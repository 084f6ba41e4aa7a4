import { z } from 'zod';
import { fileLink } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, listRequest, listResult } from '../../conventions/list';
import { instant } from '../../conventions/record';
import { referenceSummary } from '../../conventions/references';
import { defineWorkflow } from '../../define-resource';
import { interviewStatus } from './interview';
import { applicationInterview, moveApplicationRequest, moveApplicationsRequest } from './job-application';
import { stageType } from './pipeline';

/**
 * An application as its client sees it (DECISIONS.md §6): the candidate by name, the job, where it
 * stands and since when, the stages it passed (not who moved it or their remarks, which are the
 * agency's), its interviews; the candidate's email and phone only where staff granted them.
 */
export const clientApplication = z.object({
  _id: z.string(),
  itemId: z.object({ prefix: z.string().optional(), number: z.number().optional(), combined: z.string().optional() }).nullable(),
  candidate: referenceSummary.nullable(),
  job: referenceSummary.nullable(),
  pipelineId: z.string(),
  pipelineCurrentStage: z.string().nullable(),
  currentStage: referenceSummary.extend({ stageType: stageType.nullable() }).nullable(),
  stageEnteredAt: instant,
  stages: z.array(z.object({ stage: z.string(), movedAt: z.string() })),
  isPersonalInfoVisibleToClient: z.boolean(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  interviews: z.array(applicationInterview),
  createdAt: instant,
});

const clientFilters = { jobId: filterId('jobId'), pipelineCurrentStage: filterId('pipeline item id') };

const clientCall = {
  tag: 'Client portal',
  method: 'POST',
  who: ['CRM_CLIENT_USER'],
  tenancy: 'organisation',
} as const;

/** The client's applications, on all their jobs or one (`filter.jobId`). */
export const clientApplicationList = defineWorkflow({
  ...clientCall,
  name: 'clientApplicationList',
  path: '/client/job-application/list',
  summary: 'The applications on the client’s own jobs',
  input: listRequest(clientFilters),
  output: listResult(clientApplication),
});

export const clientApplicationDetails = defineWorkflow({
  ...clientCall,
  name: 'clientApplicationDetails',
  path: '/client/job-application/details',
  summary: 'One application on the client’s own jobs',
  input: z.object({ _id: mongoId() }).strict(),
  output: clientApplication,
});

/** A client's move writes to no candidate: the rejection and offer letters are the agency's to send. */
const clientMoveRequest = moveApplicationRequest.omit({ notifyCandidate: true });
const clientMovesRequest = moveApplicationsRequest.omit({ notifyCandidate: true });

/** The client moves one of their applications: recorded as a staff move is, with the client user as who moved it. */
export const clientMoveToStage = defineWorkflow({
  ...clientCall,
  name: 'clientMoveToStage',
  path: '/client/job-application/move-to-stage',
  summary: 'Moves one of the client’s applications to a stage of its pipeline',
  input: clientMoveRequest,
  output: clientApplication,
});

export const clientMultiMoveToStage = defineWorkflow({
  ...clientCall,
  name: 'clientMultiMoveToStage',
  path: '/client/job-application/multi-move-to-stage',
  summary: 'Moves many of the client’s applications to one stage, all or none',
  input: clientMovesRequest,
  output: z.object({ moved: z.number().int() }),
});

/** An interview as its client sees it: when, how and with whom; scorecards stay the agency's. */
export const clientInterview = z.object({
  _id: z.string(),
  jobApplicationId: z.string(),
  interviewType: z.string(),
  medium: z.string(),
  status: interviewStatus,
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  meetingInfo: z.string().nullable(),
  candidate: referenceSummary.nullable(),
  job: referenceSummary.nullable(),
  interviewers: z.array(referenceSummary),
});

/** The interviews of the client's applications, soonest first; of one application with `jobApplicationId`. */
export const clientInterviewList = defineWorkflow({
  ...clientCall,
  name: 'clientInterviewList',
  path: '/client/job-application/interview-list',
  summary: 'The interviews on the client’s own jobs',
  input: listRequest({ jobApplicationId: filterId('job application id') }),
  output: listResult(clientInterview),
});

/** The 404 of a CV asked for a candidate who has none. */
export const noCvMessage = 'This candidate has no CV yet';

/**
 * An expiring link to a candidate's CV as their client may read it. Until staff grant the client the
 * candidate's personal details it is a PDF the server drew without them (email, phone, address and
 * links left out of the file itself, not hidden by the page), never the original's link.
 */
export const clientCvLink = fileLink.extend({
  /** When the link stops working. */
  expiresAt: instant,
  /** True while the candidate's contact details are withheld from the client (the file is the server's copy). */
  contactDetailsWithheld: z.boolean(),
});

/** The candidate's default CV (or newest) of one of the client's applications: an extra call beyond the spec's. */
export const clientApplicationCv = defineWorkflow({
  ...clientCall,
  name: 'clientApplicationCv',
  path: '/client/job-application/cv',
  summary: 'An expiring link to the candidate’s CV, without their contact details until staff share them (an extra call)',
  input: z.object({ _id: mongoId() }).strict(),
  output: clientCvLink,
});
