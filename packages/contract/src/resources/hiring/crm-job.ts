import { z } from 'zod';
import { slug } from '../../conventions/career';
import { address, isoDate } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { experienceValues, workModelValues } from '../../lookups';
import { clientUserSeesOwnClient } from '../../scope-policy';
import { jobSkill, jobStatus, jobTypesField, salary, withWindow } from '../job-board/job';

export const jobContentRequired = 'Please fill the job content';
export const titleRequired = 'Please provide a title.';

export const jobContent = z.string({ error: jobContentRequired }).trim().min(1, jobContentRequired).max(100_000);

/** What a job's writer gives; the client portal's jobs take a part of it (client-jobs.ts). */
export const crmJobEditable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(200),
  slug: slug.optional().nullable(),
  description: z.string().trim().max(1000).optional().nullable(),
  content: jobContent,
  address: address.optional().nullable(),
  salaries: z.array(salary).max(3).default([]),
  jobTypes: jobTypesField,
  industries: z.array(mongoId('industryId')).max(10).default([]),
  workModel: z.enum(workModelValues, { error: 'Work model must be ON_SITE, HYBRID or REMOTE' }).optional().nullable(),
  experience: z.array(z.enum(experienceValues)).max(6).default([]),
  paidToRelocate: z.boolean().default(false),
  applicationStartDate: isoDate.optional().nullable(),
  applicationEndDate: isoDate.optional().nullable(),
  isFeaturedJob: z.boolean().default(false),
  skills: z.array(jobSkill).max(50).default([]),
  additionalTitles: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
  clientId: mongoId('clientId', 'Please choose a client'),
  /** The default pipeline when left out. */
  pipelineId: mongoId('pipelineId').optional().nullable(),
});

/**
 * A job the agency recruits for, for one of its clients (crm.md §3 Job (CRM)): DRAFT, PUBLISHED,
 * CLOSED, ARCHIVED (DECISIONS.md §8). Its applications move through its pipeline (the default one
 * unless chosen). Creation may not set `_id`, `itemId` or `meta` (crm.md §5). Published to the public
 * board in one click, its board copy is `boardJobId`. The staff list adds `applicationCount`.
 */
export const crmJob = defineResource({
  name: 'CrmJob',
  table: 'crm_jobs',
  label: 'Job',
  tenancy: 'organisation',
  access: { module: 'Job' },
  policies: [clientUserSeesOwnClient('clientId')],
  itemIdPrefix: 'JOB',
  labelField: 'title',
  references: {
    clientId: { resource: 'Client', expandAs: 'client' },
    pipelineId: { resource: 'HiringPipeline', expandAs: 'pipeline' },
    industries: { resource: 'Industry' },
  },
  computed: ['applicationCount'],
  // Within the organisation (the engine's rule for an organisation's records): 409 when taken.
  unique: [{ fields: ['slug'], message: 'This slug is already in use' }],
  fields: crmJobEditable.extend({
    pipelineId: z.string().nullable(),
    status: jobStatus,
    postedOn: z.string().nullable(),
    applicantCount: z.number().int(),
    applicationCount: z.number().int().optional(),
    meta: z.record(z.string(), z.unknown()).nullable(),
    boardJobId: z.string().nullable(),
  }),
  create: crmJobEditable
    .extend({ status: jobStatus.default('DRAFT') })
    .strict()
    .superRefine(withWindow),
  update: crmJobEditable.partial().extend({ _id: mongoId() }).strict().superRefine(withWindow),
  status: jobStatus,
  search: ['title', 'itemId.combined'],
  filters: {
    status: filterValue(jobStatus),
    clientId: filterId('clientId'),
    pipelineId: filterId('pipelineId'),
    createdAt: filterDateRange,
  },
  sortable: ['title', 'createdAt', 'postedOn'],
  screen: { area: 'crm', path: 'jobs', records: 'page', menu: { label: 'Jobs', icon: 'briefcase', order: 15 } },
  calls: {
    create: { method: 'POST', path: '/crm/job/', who: ['CRM_USER', 'ADMIN'] },
    update: { method: 'PUT', path: '/crm/job/', who: ['CRM_USER', 'ADMIN'] },
    setStatus: { method: 'PUT', path: '/crm/job/update-status', who: ['CRM_USER', 'ADMIN'] },
    details: { method: 'POST', path: '/crm/job/details', who: ['CRM_USER', 'ADMIN'] },
    list: { method: 'POST', path: '/crm/job/list', who: ['CRM_USER', 'ADMIN'] },
    remove: { method: 'POST', path: '/crm/job/delete', who: ['CRM_USER', 'ADMIN'] },
  },
});

/** The description alone, from the job page's editor (sanitised as every write of `content` is). */
export const updateCrmJobDescription = defineWorkflow({
  name: 'updateCrmJobDescription',
  tag: 'CrmJob',
  method: 'PUT',
  path: '/crm/job/update-description',
  who: ['CRM_USER', 'ADMIN'],
  access: { module: 'Job' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Replaces a CRM job’s description (rich text, sanitised)',
  input: z.object({ _id: mongoId(), content: jobContent }).strict(),
  output: recordSchema(crmJob),
});

/** Where a CRM job's board copy is: its public page is /jobs/{slug}. */
export const boardJobLink = z.object({ _id: z.string(), slug: z.string(), status: jobStatus });

/** A CRM job with its board copy, as publishing answers it. */
const crmJobOnBoard = recordSchema(crmJob).extend({ boardJob: boardJobLink.nullable() });

/**
 * One click puts a CRM job on the public board (issue 29 point 5), under the agency's board
 * company (made on first use): the board's search, page and apply are then the job's. Again, it
 * brings the board copy up to date.
 */
export const publishCrmJobToBoard = defineWorkflow({
  name: 'publishCrmJobToBoard',
  tag: 'CrmJob',
  method: 'POST',
  path: '/crm/job/publish-to-board',
  who: ['CRM_USER'],
  access: { module: 'Job' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Publishes a CRM job on the public job board, or updates its board copy (an extra call)',
  input: z.object({ _id: mongoId() }).strict(),
  output: crmJobOnBoard,
});

/** Takes a CRM job off the board: its board copy is closed; the CRM job keeps its status. */
export const unpublishCrmJobFromBoard = defineWorkflow({
  name: 'unpublishCrmJobFromBoard',
  tag: 'CrmJob',
  method: 'POST',
  path: '/crm/job/unpublish-from-board',
  who: ['CRM_USER'],
  access: { module: 'Job' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Closes the board copy of a CRM job (an extra call)',
  input: z.object({ _id: mongoId() }).strict(),
  output: crmJobOnBoard,
});
