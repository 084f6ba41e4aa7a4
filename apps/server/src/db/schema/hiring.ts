import type { Address } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

const time = () => timestamp({ withTimezone: true, mode: 'date' });

/** A hiring pipeline (contract: HiringPipeline); its stages are rows of `hiring_pipeline_items`. */
export const hiringPipelines = pgTable(
  'hiring_pipelines',
  {
    ...baseColumns(),
    title: text().notNull(),
    description: text(),
    systemDefaultPipeline: boolean().notNull().default(false),
  },
  (t) => [
    index('hiring_pipelines_organisation_created').on(t.organisationId, t.createdAt),
    // One default pipeline per organisation, made on first use (DECISIONS.md §11).
    uniqueIndex('hiring_pipelines_one_default').on(t.organisationId).where(sql`${t.systemDefaultPipeline} and not ${t.isDeleted}`),
  ],
);

/**
 * One stage of a pipeline (contract: PipelineItem): what an application's current stage names. Rows,
 * not JSON inside the pipeline, so a move locks and checks one row and a stage keeps its id when the
 * pipeline is edited.
 */
export const hiringPipelineItems = pgTable(
  'hiring_pipeline_items',
  {
    ...baseColumns(),
    pipelineId: text().notNull(),
    title: text().notNull(),
    stageType: text().notNull(),
    description: text(),
    orderNo: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [index('hiring_pipeline_items_pipeline').on(t.pipelineId, t.orderNo)],
);

/** A job the agency recruits for, for one of its clients (contract: CrmJob). */
export const crmJobs = pgTable(
  'crm_jobs',
  {
    ...baseColumns(),
    clientId: text(),
    title: text().notNull(),
    slug: text(),
    description: text(),
    content: text().notNull(),
    address: jsonb().$type<Address>(),
    salaries: jsonb().notNull().default([]),
    jobTypes: jsonb().$type<number[]>().notNull().default([]),
    industries: jsonb().$type<string[]>().notNull().default([]),
    workModel: text(),
    experience: jsonb().$type<string[]>().notNull().default([]),
    paidToRelocate: boolean().notNull().default(false),
    applicationStartDate: time(),
    applicationEndDate: time(),
    postedOn: time(),
    status: text().notNull().default('DRAFT'),
    isFeaturedJob: boolean().notNull().default(false),
    skills: jsonb().notNull().default([]),
    applicantCount: integer().notNull().default(0),
    meta: jsonb(),
    pipelineId: text(),
    additionalTitles: jsonb().$type<string[]>().notNull().default([]),
    /** The public board's copy when the job is published there (issue 29 point 5). */
    boardJobId: text(),
  },
  (t) => [
    index('crm_jobs_organisation_created').on(t.organisationId, t.createdAt),
    index('crm_jobs_client').on(t.organisationId, t.clientId),
    // The staff list's pages and counts, read from indexes of the live jobs (index-only for the
    // counts): the newest first, by status, by title (as `sortOrder` spells it: lower case, empty
    // last, by code point) each way. The status sits behind the job's texts in the row, so reading
    // it from 20,000 rows would cost more than the rest of the page.
    index('crm_jobs_live_created').on(t.organisationId, t.createdAt, t.id).where(sql`not ${t.isDeleted}`),
    index('crm_jobs_status').on(t.organisationId, t.status, t.createdAt, t.id).where(sql`not ${t.isDeleted}`),
    index('crm_jobs_title_asc')
      .on(t.organisationId, sql`(nullif(lower(${t.title}::text), '') collate "C") asc nulls last`)
      .where(sql`not ${t.isDeleted}`),
    index('crm_jobs_title_desc')
      .on(t.organisationId, sql`(nullif(lower(${t.title}::text), '') collate "C") desc nulls last`)
      .where(sql`not ${t.isDeleted}`),
    index('crm_jobs_pipeline').on(t.pipelineId),
    uniqueIndex('crm_jobs_board_job').on(t.boardJobId),
    // The staff list's search (title or JOB- number, ILIKE '%word%'): trigrams behind the organisation
    // (btree_gin), so a JOB- number or a rare word reads its few matches, not the organisation's 20,000 jobs.
    index('crm_jobs_search').using(
      'gin',
      t.organisationId,
      sql`${t.title} gin_trgm_ops`,
      sql`(${t.itemId} #>> '{combined}'::text[]) gin_trgm_ops`,
    ),
  ],
);

/** A candidate on a CRM job's pipeline (contract: CrmJobApplication). */
export const crmJobApplications = pgTable(
  'crm_job_applications',
  {
    ...baseColumns(),
    candidateId: text().notNull(),
    jobId: text().notNull(),
    clientId: text(),
    pipelineId: text().notNull(),
    pipelineCurrentStage: text(),
    pipelineStageHistory: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    isPersonalInfoVisibleToClient: boolean().notNull().default(false),
    joiningInfo: jsonb().$type<{ startDate: string | null; endDate: string | null; durationInMonths: number | null }>(),
    /** How the candidate came to the job, for source-of-hire reports: BOARD, IMPORT, MANUAL, REFERRAL. */
    source: text().notNull().default('MANUAL'),
    /** The board application it came from, when a seeker applied on the public board. */
    boardApplicationId: text(),
    /** The CV sent with it (a Candidate CV id). */
    candidateCvId: text(),
    /** When it reached its current stage: time in stage without reading the history. */
    stageEnteredAt: time().notNull().defaultNow(),
  },
  (t) => [
    index('crm_job_applications_organisation_created').on(t.organisationId, t.createdAt),
    // The job's board: every application of one job by stage, in one index range.
    index('crm_job_applications_job_stage').on(t.jobId, t.pipelineCurrentStage).where(sql`not ${t.isDeleted}`),
    index('crm_job_applications_candidate').on(t.candidateId).where(sql`not ${t.isDeleted}`),
    index('crm_job_applications_stage').on(t.pipelineCurrentStage).where(sql`not ${t.isDeleted}`),
    // A candidate is on a job at most once (add to long list answers what was already there).
    uniqueIndex('crm_job_applications_pair').on(t.jobId, t.candidateId).where(sql`not ${t.isDeleted}`),
    uniqueIndex('crm_job_applications_board_application').on(t.boardApplicationId),
  ],
);
