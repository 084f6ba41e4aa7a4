import { z } from 'zod';
import { uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterValue, listRequest, listResult } from '../../conventions/list';
import { instant, recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { job } from './job';
import { jobSeeker } from './job-seeker';

export const applicationStatuses = ['APPLIED', 'VIEWED', 'SHORTLISTED', 'REJECTED', 'HIRED', 'WITHDRAWN'] as const;
export const applicationStatus = z.enum(applicationStatuses, {
  error: 'Status must be APPLIED, VIEWED, SHORTLISTED, REJECTED, HIRED or WITHDRAWN',
});

export const applicationHistoryEntry = z.object({ status: applicationStatus, at: z.string(), by: z.string().optional() });

/**
 * The company moves an applicant to a status: a transition of the application's stages (below), so
 * the engine locks the row, appends the history entry and sets the status together.
 */
export const updateApplicationStatus = defineWorkflow({
  name: 'updateApplicationStatus',
  tag: 'JobApplication',
  method: 'PUT',
  path: '/recruiter/job-application/update',
  who: ['RECRUITER'],
  summary: 'Moves an applicant to a status; the seeker is mailed',
  input: z
    .object({
      _id: mongoId('job application id'),
      status: applicationStatus.exclude(['APPLIED', 'WITHDRAWN'], { error: 'Status must be VIEWED, SHORTLISTED, REJECTED or HIRED' }),
    })
    .strict(),
  output: z.object({ _id: z.string(), status: applicationStatus, statusHistory: z.array(applicationHistoryEntry) }),
});

/**
 * A seeker's application to a job. It has no generic calls: it is written only by the apply workflow
 * below, through its repository, and by its status change, a transition of its stages; every change
 * lands in the entity log.
 * The seeker owns it (`ownerId`); the company sees it through `recruiterId`.
 */
export const jobApplication = defineResource({
  name: 'JobApplication',
  table: 'job_applications',
  tenancy: 'owner',
  fields: z.object({
    jobId: mongoId('job id'),
    jobSeekerId: mongoId('jobSeekerId'),
    recruiterId: mongoId('recruiterId'),
    status: applicationStatus,
    cv: z.record(z.string(), z.unknown()).nullable(),
    coverLetter: z.string().nullable(),
    coverLetterFile: uploadedFile.nullable(),
    statusHistory: z.array(applicationHistoryEntry),
  }),
  create: z.never(),
  update: z.never(),
  status: applicationStatus,
  search: [],
  filters: { status: filterValue(applicationStatus) },
  // Its status is a fixed list of stages: the company's status change is its move call.
  stages: {
    field: 'status',
    history: 'statusHistory',
    among: { kind: 'values', values: applicationStatus },
    input: { id: '_id', stage: 'status', remarks: false },
    entry: ({ stage, movedAt, movedBy }) => ({ status: stage, at: movedAt, by: movedBy.name }),
    move: updateApplicationStatus,
  },
  calls: {},
});

/** What the seeker's own lists show of a job applied to or saved. */
export const jobSummary = recordSchema(job).pick({
  _id: true,
  title: true,
  slug: true,
  companyName: true,
  status: true,
  address: true,
  workModel: true,
  salaries: true,
  applicationEndDate: true,
});

/** An application as the seeker's badges know it. */
export const appliedJob = z.object({ _id: z.string(), jobId: z.string(), status: applicationStatus, appliedAt: instant });

const applicationRecord = recordSchema(jobApplication);

/** One of the seeker's own applications, with its job (jobs and seekers are only ever soft-deleted, so both are always there). */
export const myApplication = applicationRecord
  .pick({ _id: true, status: true, statusHistory: true, createdAt: true, updatedAt: true })
  .extend({ job: jobSummary });

/** An applicant as the company sees them: the application, the seeker's profile and a link to the CV. */
export const jobApplicant = applicationRecord
  .pick({ _id: true, status: true, statusHistory: true, cv: true, coverLetter: true, coverLetterFile: true, createdAt: true })
  .extend({
    jobSeeker: recordSchema(jobSeeker).pick({
      _id: true,
      name: true,
      email: true,
      phone: true,
      address: true,
      about: true,
      linkedInLink: true,
      skills: true,
      preferences: true,
    }),
    cvUrl: z.string().nullable(),
  });

export const applyForJob = defineWorkflow({
  name: 'applyForJob',
  tag: 'JobApplication',
  method: 'POST',
  path: '/recruiter/job-application/apply',
  who: ['JOB_SEEKER'],
  summary:
    'Applies once per job (409 the second time) with the CV named by cvId, else the uploaded CV when useUploadedCv, else the default built CV, else the uploaded one',
  input: z
    .object({
      jobId: mongoId('job id'),
      cvId: mongoId('cvId').optional(),
      useUploadedCv: z.boolean().optional(),
      coverLetter: z.string().trim().max(10_000).optional(),
      /** A saved cover letter to send with it, as a PDF (beside or instead of the typed note). */
      coverLetterId: mongoId('coverLetterId').optional(),
    })
    .strict(),
  output: appliedJob,
});

export const appliedJobIds = defineWorkflow({
  name: 'appliedJobIds',
  tag: 'JobApplication',
  method: 'GET',
  path: '/recruiter/job-application/applied-list',
  who: ['JOB_SEEKER'],
  inputFrom: 'query',
  summary: 'Every job the seeker applied to, with its status (for badges on search results)',
  input: z.object({}).strict(),
  output: z.array(appliedJob),
});

export const myApplications = defineWorkflow({
  name: 'myApplications',
  tag: 'JobApplication',
  method: 'POST',
  path: '/recruiter/job-application/applied-job-list',
  who: ['JOB_SEEKER'],
  summary: 'The seeker’s applications with their jobs and status history',
  input: listRequest({ status: filterValue(applicationStatus) }),
  output: listResult(myApplication),
});

export const jobApplicants = defineWorkflow({
  name: 'jobApplicants',
  tag: 'JobApplication',
  method: 'POST',
  path: '/recruiter/job-application/job-applicants-list',
  who: ['RECRUITER'],
  summary: 'Applicants of one of the company’s jobs, with a signed link to each CV',
  input: listRequest({ status: filterValue(applicationStatus) }).extend({ jobId: mongoId('job id') }),
  output: listResult(jobApplicant).extend({ job: jobSummary }),
});

export const toggleWishlist = defineWorkflow({
  name: 'toggleWishlist',
  tag: 'Wishlist',
  method: 'POST',
  path: '/job-seeker/wishlist/toggle-item',
  who: ['JOB_SEEKER'],
  summary: 'Adds the job to the wishlist, or takes it off; answers { wishlisted }',
  input: z.object({ jobId: mongoId('job id') }).strict(),
  output: z.object({ jobId: z.string(), wishlisted: z.boolean() }),
});

export const wishlistJobs = defineWorkflow({
  name: 'wishlistJobs',
  tag: 'Wishlist',
  method: 'GET',
  path: '/job-seeker/wishlist/job-list',
  who: ['JOB_SEEKER'],
  inputFrom: 'query',
  input: z.object({}).strict(),
  output: z.array(jobSummary.extend({ savedAt: instant, isDeleted: z.boolean() })),
});

export const withdrawableStatuses = ['APPLIED', 'VIEWED', 'SHORTLISTED'] as const;
export const notWithdrawableMessage = 'This application can no longer be withdrawn';

/**
 * The seeker takes back one of their applications while it is still open (APPLIED, VIEWED or
 * SHORTLISTED): it becomes WITHDRAWN, and the agency's pipeline twin of a CRM job's application
 * leaves the running (an extra call).
 */
export const withdrawApplication = defineWorkflow({
  name: 'withdrawApplication',
  tag: 'JobApplication',
  method: 'POST',
  path: '/recruiter/job-application/withdraw',
  who: ['JOB_SEEKER'],
  summary: 'Withdraws one of the seeker’s own applications (an extra call)',
  input: z.object({ _id: mongoId('job application id') }).strict(),
  // What a status change answers.
  output: updateApplicationStatus.output,
});
