import { z } from 'zod';
import { maxAtOnce } from '../../conventions/bulk';
import { relatedTo } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue, listRequest, listResult } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { expansionShape, type referenceSummary } from '../../conventions/references';
import { moveManyIdsMessage, moveManyTooManyMessage, moveToStageAction, stageHistoryEntry } from '../../conventions/stages';
import type { Stages } from '../../define-resource';
import { defineResource, defineWorkflow } from '../../define-resource';
import { clientUserSeesOwnClient } from '../../scope-policy';
import { stageType } from './pipeline';

/** Where an application came from, for source-of-hire reports. */
export const applicationSources = ['BOARD', 'IMPORT', 'MANUAL', 'REFERRAL'] as const;
export const applicationSource = z.enum(applicationSources);

export const joiningInfo = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  durationInMonths: z.number().nullable(),
});

const remarks = z.string().trim().max(2000).optional().nullable();
const joiningDate = z.iso.datetime({ offset: true, error: 'joiningDate must be a date' }).optional().nullable();
const joiningEndDate = z.iso.datetime({ offset: true, error: 'joiningEndDate must be a date' }).optional().nullable();

/** One application to one stage (crm.md §7): HIRED takes the joining dates. */
export const moveApplicationRequest = z
  .object({
    jobApplicationId: mongoId('job application id'),
    pipelineItemId: mongoId('pipeline item id'),
    remarks,
    relatedTo: relatedTo.optional(),
    joiningDate,
    joiningEndDate,
    /** A move to REJECTED or OFFERED mails the candidate the letter of its type unless false. */
    notifyCandidate: z.boolean().default(true),
  })
  .strict();

/** Many applications to one stage, in one transaction. */
export const moveApplicationsRequest = z
  .object({
    jobApplicationIds: z.array(mongoId('job application id')).min(1, moveManyIdsMessage).max(maxAtOnce, moveManyTooManyMessage),
    pipelineItemId: mongoId('destination pipeline item id'),
    remarks,
    relatedTo: relatedTo.optional(),
    joiningDate,
    joiningEndDate,
    /** A move to REJECTED or OFFERED mails the candidate the letter of its type unless false. */
    notifyCandidate: z.boolean().default(true),
  })
  .strict();

export const applicationStages = {
  field: 'pipelineCurrentStage',
  history: 'pipelineStageHistory',
  enteredAt: 'stageEnteredAt',
  among: { kind: 'rows', resource: 'PipelineItem', pipelineField: 'pipelineId', typeField: 'stageType', enabledField: 'enabled' },
  input: {
    id: 'jobApplicationId',
    ids: 'jobApplicationIds',
    stage: 'pipelineItemId',
    idLabel: 'job application id',
    stageLabel: 'pipeline item id',
  },
  move: { method: 'POST', path: '/crm-job-application/move-to-stage', who: ['CRM_USER'], input: moveApplicationRequest },
  moveMany: { method: 'POST', path: '/crm-job-application/multi-move-to-stage', who: ['CRM_USER'], input: moveApplicationsRequest },
} as const satisfies Stages;

/** An application's interview as its board card and page show it. */
export const applicationInterview = z.object({
  _id: z.string(),
  avgScorecard: z.object({ score: z.string().nullable(), points: z.number().nullable() }).nullable(),
  interviewType: z.string().nullable(),
  status: z.string(),
  startTime: z.string().optional(),
});

/**
 * A candidate on a CRM job's pipeline (crm.md §3 CRM job application). Made by add to long list (at
 * the pipeline's LONG_LIST stage) or by a seeker's application on the public board (at APPLIED,
 * DECISIONS.md §11); moved only by transitions, each recorded in `pipelineStageHistory`. A client user
 * sees their own client's applications; `isPersonalInfoVisibleToClient` is false until staff grant it.
 */
export const crmJobApplication = defineResource({
  name: 'CrmJobApplication',
  table: 'crm_job_applications',
  label: 'Job Application',
  tenancy: 'organisation',
  access: { module: 'Job Application' },
  policies: [clientUserSeesOwnClient('clientId')],
  itemIdPrefix: 'APP',
  labelField: 'itemId.combined',
  references: {
    candidateId: { resource: 'Candidate', expandAs: 'candidate' },
    jobId: { resource: 'CrmJob', expandAs: 'job' },
    clientId: { resource: 'Client', expandAs: 'client' },
    pipelineId: { resource: 'HiringPipeline', expandAs: 'pipeline' },
    // The stage's title and type, for whoever reads the application (no Hiring Pipeline permission needed).
    pipelineCurrentStage: { resource: 'PipelineItem', expandAs: 'currentStage', expandWith: { stageType }, partOfRecord: true },
  },
  computed: ['interviews'],
  fields: z.object({
    candidateId: z.string(),
    jobId: z.string(),
    clientId: z.string().nullable(),
    pipelineId: z.string(),
    pipelineCurrentStage: z.string().nullable(),
    pipelineStageHistory: z.array(stageHistoryEntry),
    isPersonalInfoVisibleToClient: z.boolean(),
    joiningInfo: joiningInfo.nullable(),
    source: applicationSource,
    candidateCvId: z.string().nullable(),
    stageEnteredAt: z.string(),
    interviews: z.array(applicationInterview).optional(),
  }),
  create: z.never(),
  update: z.never(),
  search: ['itemId.combined'],
  filters: {
    jobId: filterId('jobId'),
    candidateId: filterId('candidateId'),
    clientId: filterId('clientId'),
    pipelineCurrentStage: filterId('pipeline item id'),
    source: filterValue(applicationSource),
    createdAt: filterDateRange,
  },
  stages: applicationStages,
  screen: { area: 'crm', path: 'applications', records: 'page' },
  bulkActions: { 'move-to-stage': moveToStageAction(applicationStages, ['CRM_USER']) },
  calls: {
    details: { method: 'POST', path: '/crm-job-application/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/crm-job-application/list', who: ['CRM_USER'] },
  },
});

export const applicationRecord = recordSchema(crmJobApplication);

export const longListCandidatesMessage = 'Please choose at least one candidate';
export const longListJobsMessage = 'Please choose at least one job';

/** Many candidates onto many jobs at once, never twice the same pair, in one transaction (DECISIONS.md §11: at LONG_LIST). */
export const addToLongList = defineWorkflow({
  name: 'addToLongList',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm-job-application/',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Puts candidates on jobs’ long lists; answers what was added and what was already there',
  input: z
    .object({
      candidateIds: z.array(mongoId('candidate id')).min(1, longListCandidatesMessage).max(maxAtOnce),
      jobIds: z.array(mongoId('job id')).min(1, longListJobsMessage).max(50),
    })
    .strict(),
  output: z.object({
    added: z.array(applicationRecord),
    alreadyThere: z.array(z.object({ _id: z.string(), candidateId: z.string(), jobId: z.string() })),
  }),
});

const applicationListFilters = crmJobApplication.filters;

/** One candidate's applications, for the applications tab of the candidate page. */
export const candidateApplicationList = defineWorkflow({
  name: 'candidateApplicationList',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm-job-application/candidate-application-list',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  // A list: who may read applications may read it, as /crm-job-application/list.
  level: 'READ',
  summary: 'A candidate’s applications, with each job and its current stage',
  input: listRequest(applicationListFilters).extend({ candidateId: mongoId('candidateId') }),
  output: listResult(applicationRecord),
});

/**
 * An application as a job's board and applicant list show it: who, where in the pipeline and since
 * when. The job, its client and pipeline are the job's own, and the history is on the application's
 * page: a board of 2,000 applications is read in one call, so each card carries only what it shows.
 */
export const applicationCard = applicationRecord
  .pick({
    _id: true,
    itemId: true,
    candidateId: true,
    pipelineCurrentStage: true,
    stageEnteredAt: true,
    isPersonalInfoVisibleToClient: true,
    source: true,
    candidateCvId: true,
    interviews: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ candidate: expansionShape(crmJobApplication).candidate as z.ZodOptional<z.ZodNullable<typeof referenceSummary>> });
/** The record fields (and expanded references) a card is read from. */
export const applicationCardFields = Object.keys(applicationCard.shape).filter((key) => key !== '_id');

/** One job's applicants, for the job page and its board. */
export const jobApplicantsList = defineWorkflow({
  name: 'jobApplicantsList',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm-job-application/job-applicants-list',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  // A list: who may read applications may read it, as /crm-job-application/list.
  level: 'READ',
  summary: 'A job’s applicants as its board shows them: each candidate, current stage and when they entered it',
  input: listRequest(applicationListFilters).extend({ jobId: mongoId('jobId') }),
  output: listResult(applicationCard),
});

const subjectRequired = 'Please provide subject';
const bodyRequired = 'Please provide email body';

/** Mails the chosen applicants (their candidates' contacts), recorded as sent mail on each. */
export const sendJobApplicantEmail = defineWorkflow({
  name: 'sendJobApplicantEmail',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm-job-application/send-job-applicant-email',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Mails the chosen applicants',
  input: z
    .object({
      contactIds: z.array(mongoId('contactId')).min(1, 'Please choose at least one applicant').max(maxAtOnce),
      subject: z.string({ error: subjectRequired }).trim().min(1, subjectRequired).max(300),
      body: z.string({ error: bodyRequired }).trim().min(1, bodyRequired).max(100_000),
      jobId: mongoId('job id').optional(),
    })
    .strict(),
  output: z.object({ sent: z.number().int() }),
});

/** Whether the application's client sees the candidate's personal details (false until granted, DECISIONS.md §11). */
export const grantApplicationAccess = defineWorkflow({
  name: 'grantApplicationAccess',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm-job-application/grant-access',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Shows or hides the candidate’s personal details to the application’s client',
  input: z
    .object({
      _id: mongoId(),
      isPersonalInfoVisibleToClient: z.boolean({ error: 'isPersonalInfoVisibleToClient must be true or false' }),
    })
    .strict(),
  output: applicationRecord,
});
