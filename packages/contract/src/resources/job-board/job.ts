import { z } from 'zod';
import { PLATFORM } from '../../access';
import { slug } from '../../conventions/career';
import { address, checkSalaryRange, isoDate, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterValue, listResult } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { experienceValues, jobTypeValues, salaryDurationValues, salaryRangeValues, workModelValues } from '../../lookups';

export const jobStatuses = ['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const;
export const jobStatus = z.enum(jobStatuses, { error: 'Status must be DRAFT, PUBLISHED, CLOSED or ARCHIVED' });

export const salary = z
  .object({
    min: z.number({ error: 'Please enter the minimum salary as a number' }).min(0, 'Salary cannot be negative').max(10_000_000),
    max: z
      .number({ error: 'Please enter the maximum salary as a number' })
      .min(0, 'Salary cannot be negative')
      .max(10_000_000)
      .optional()
      .nullable(),
    duration: z.enum(salaryDurationValues, { error: 'Please choose how often the salary is paid' }).default('YEAR'),
    currency: z.literal('GBP').default('GBP'),
  })
  .superRefine(checkSalaryRange);

export const jobSkill = z.object({ skillId: mongoId('skillId'), label: z.string().trim().max(200).optional() });

/** A job's types (full time, contract...), by their lookup numbers. */
export const jobTypesField = z
  .array(
    z
      .number()
      .int()
      .refine((v) => (jobTypeValues as readonly number[]).includes(v), 'Unknown job type'),
  )
  .max(8)
  .default([]);

const editable = z.object({
  title: z.string({ error: 'Please provide a title.' }).trim().min(1, 'Please provide a title.').max(200),
  slug: slug.optional(),
  description: z.string().trim().max(1000).optional().nullable(),
  content: z.string({ error: 'Please fill the job content' }).trim().min(1, 'Please fill the job content').max(100_000),
  address: address.optional().nullable(),
  salaries: z.array(salary).max(3).default([]),
  jobTypes: jobTypesField,
  industries: z.array(mongoId('industryId')).max(10).default([]),
  workModel: z.enum(workModelValues, { error: 'Work model must be ON_SITE, HYBRID or REMOTE' }).optional().nullable(),
  experience: z.enum(experienceValues).optional().nullable(),
  paidToRelocate: z.boolean().default(false),
  applicationStartDate: isoDate.optional().nullable(),
  applicationEndDate: isoDate.optional().nullable(),
  /** Part of the record, but the platform's to set (`featureJob`): a recruiter sending true is refused. */
  isFeaturedJob: z.boolean().default(false),
  skills: z.array(jobSkill).max(50).default([]),
  meta: z
    .object({
      title: z.string().max(200).optional(),
      description: z.string().max(500).optional(),
      tags: z.array(z.string().max(50)).max(20).optional(),
    })
    .optional()
    .nullable(),
});

/** The application window closes after it opens. */
export const withWindow = <T extends { applicationStartDate?: string | null; applicationEndDate?: string | null }>(
  job: T,
  ctx: z.RefinementCtx,
) => {
  if (job.applicationStartDate && job.applicationEndDate && new Date(job.applicationEndDate) < new Date(job.applicationStartDate)) {
    ctx.addIssue({ code: 'custom', path: ['applicationEndDate'], message: 'The closing date must be after the opening date' });
  }
};

/** The card of the company beside a job in public answers. */
export const jobCompanyCard = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  profileImg: uploadedFile.nullable(),
  isVerified: z.boolean(),
});

/** A job as anyone may see it, with its company's card; who created or owns it stays inside. */
const internalJobFields = { ownerId: true, createdBy: true, updatedBy: true } as const;
const publicJobExtras = { company: jobCompanyCard.nullable(), isOpen: z.boolean() };

/** A job on the board, posted by a recruiter company. */
export const job = defineResource({
  name: 'Job',
  table: 'jobs',
  tenancy: 'owner',
  labelField: 'title',
  references: { industries: { resource: 'Industry' } },
  itemIdPrefix: 'JOB',
  fields: editable.extend({
    slug,
    status: jobStatus,
    recruiterId: mongoId('recruiterId'),
    companyName: z.string(),
    postedOn: z.string().nullable(),
    applicantCount: z.number().int(),
    pipelineId: mongoId('pipelineId').nullable(),
  }),
  create: editable
    .extend({ status: z.enum(['DRAFT', 'PUBLISHED'], { error: 'A new job is DRAFT or PUBLISHED' }).default('DRAFT') })
    .strict()
    .superRefine(withWindow),
  update: editable.omit({ address: true }).partial().extend({ _id: mongoId() }).strict().superRefine(withWindow),
  status: jobStatus,
  search: ['title', 'companyName', 'itemId.combined'],
  filters: { status: filterValue(jobStatus), createdAt: filterDateRange },
  unique: [{ fields: ['slug'], message: 'This slug is already taken', global: true }],
  calls: {
    create: { method: 'POST', path: '/recruiter/job/', who: ['RECRUITER'] },
    update: {
      method: 'POST',
      path: '/recruiter/job/update',
      who: ['RECRUITER'],
      summary: 'Updates a job (the address cannot change here)',
    },
    details: {
      method: 'POST',
      path: '/recruiter/job/get-detailed-job',
      who: ['public'],
      summary: 'A job: anyone sees it while published; its company always',
      output: (record) => record.omit(internalJobFields).extend(publicJobExtras),
    },
    list: {
      method: 'POST',
      path: '/recruiter/job/user-jobs',
      who: ['RECRUITER'],
      summary: 'The signed-in company’s own jobs, every status',
    },
    setStatus: { method: 'POST', path: '/recruiter/job/status-update', who: ['RECRUITER', 'SUPER_ADMIN', 'ADMIN'] },
  },
});

export const publicJobRecord = recordSchema(job).omit(internalJobFields).extend(publicJobExtras);
export type PublicJob = z.infer<typeof publicJobRecord>;

export const featureJobMessage = 'Only the platform can feature a job';

/** Featuring puts a job first in every search: a platform admin's decision, for any company's job. */
export const featureJob = defineWorkflow({
  name: 'featureJob',
  tag: 'Job',
  method: 'POST',
  path: '/admin/job/feature',
  who: PLATFORM,
  summary: 'Features a job (first in search) or stops featuring it (an extra call)',
  input: z
    .object({
      _id: mongoId(),
      isFeaturedJob: z.boolean({ error: 'isFeaturedJob must be true or false' }),
    })
    .strict(),
  output: recordSchema(job),
});

export const distanceUnits = ['mi', 'km'] as const;
/** Nearest first (`distance`) needs a place to measure from. */
export const jobSearchSorts = ['relevance', 'date', 'distance'] as const;

/**
 * The public search: words ranked over title, content, skills and company; a place or postcode
 * district with a radius; filters; featured first; by relevance, date or (around a place) distance.
 */
export const jobSearch = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
    limit: z.coerce.number().int().min(1).max(50, 'limit must be at most 50').default(10),
    search: z.string().trim().max(200).default(''),
    location: z
      .object({
        place: z.string({ error: 'Please enter a place or postcode' }).trim().min(1, 'Please enter a place or postcode').max(100),
        radius: z.coerce.number().min(0).max(500).default(10),
        unit: z.enum(distanceUnits).default('mi'),
      })
      .strict()
      .optional(),
    filter: z
      .object({
        jobTypes: z.array(z.number().int()).max(8).optional(),
        workModel: z.array(z.enum(workModelValues)).max(3).optional(),
        industries: z.array(mongoId('industryId')).max(20).optional(),
        salaryRange: z.enum(salaryRangeValues).optional(),
        experience: z.array(z.enum(experienceValues)).max(6).optional(),
        postedWithinDays: z.coerce.number().int().min(1).max(365).optional(),
        recruiterId: mongoId('recruiterId').optional(),
      })
      .strict()
      .default({}),
    sort: z.enum(jobSearchSorts).default('relevance'),
  })
  .strict();
export type JobSearch = z.infer<typeof jobSearch>;

/** One job in the search's results: what a result card shows, its relevance and distance. */
export const jobSearchResult = recordSchema(job)
  .pick({
    _id: true,
    itemId: true,
    title: true,
    slug: true,
    description: true,
    address: true,
    salaries: true,
    jobTypes: true,
    workModel: true,
    experience: true,
    industries: true,
    skills: true,
    isFeaturedJob: true,
    postedOn: true,
    applicationEndDate: true,
    recruiterId: true,
    companyName: true,
  })
  .extend({ company: jobCompanyCard, relevance: z.number(), distance: z.number().nullable() });

/** A page of results; `location` is the place searched around, when there is one. */
export const jobSearchAnswer = listResult(jobSearchResult).extend({
  location: z
    .object({
      label: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      radius: z.number().optional(),
      unit: z.enum(distanceUnits).optional(),
    })
    .optional(),
});
export type JobSearchAnswer = z.infer<typeof jobSearchAnswer>;

export const searchJobs = defineWorkflow({
  name: 'searchJobs',
  tag: 'Job',
  method: 'POST',
  path: '/recruiter/job/list',
  who: ['public'],
  summary: 'Search published, open jobs',
  input: jobSearch,
  output: jobSearchAnswer,
});

export const findJobs = defineWorkflow({
  ...searchJobs,
  name: 'findJobs',
  path: '/recruiter/job/find',
  summary: 'The same search as /list',
});

export const jobBySlug = defineWorkflow({
  name: 'jobBySlug',
  tag: 'Job',
  method: 'POST',
  path: '/recruiter/job/get-detailed-job-by-slug',
  who: ['public'],
  input: z.object({ slug: z.string({ error: 'Please provide a slug' }).trim().min(1, 'Please provide a slug') }).strict(),
  output: publicJobRecord,
});
