import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';

/** crm.md §4: the stage types, in the order of the default pipeline (DECISIONS.md §11). */
export const stageTypes = [
  'APPLIED',
  'LONG_LIST',
  'SHORT_LIST',
  'OUTBOUND',
  'SCREENING',
  'SUBMITTED',
  'INTERVIEWING',
  'ON_HOLD',
  'SELECTED',
  'OFFERED',
  'DID_NOT_JOIN',
  'HIRED',
  'REJECTED',
] as const;
export type StageType = (typeof stageTypes)[number];
export const stageType = z.enum(stageTypes, { error: `Stage type must be one of ${stageTypes.join(', ')}` });

/** What a stage is called on screens until someone renames it. */
export const stageTypeTitles: Record<StageType, string> = {
  APPLIED: 'Applied',
  LONG_LIST: 'Long list',
  SHORT_LIST: 'Short list',
  OUTBOUND: 'Outbound',
  SCREENING: 'Screening',
  SUBMITTED: 'Submitted',
  INTERVIEWING: 'Interviewing',
  ON_HOLD: 'On hold',
  SELECTED: 'Selected',
  OFFERED: 'Offered',
  DID_NOT_JOIN: 'Did not join',
  HIRED: 'Hired',
  REJECTED: 'Rejected',
};

const titleRequired = 'Please provide a title.';
const stageTitleRequired = 'Please provide the stage’s title.';

export const pipelineStage = z.object({
  title: z.string({ error: stageTitleRequired }).trim().min(1, stageTitleRequired).max(100),
  stageType,
  description: z.string().trim().max(1000).optional().nullable(),
});

/** A stage as a pipeline's create or update sends it: with its `_id` to keep (rename, reorder, disable) a stage, without to add one. */
export const pipelineItemInput = z
  .object({
    _id: mongoId('pipeline item id').optional(),
    stage: pipelineStage,
    orderNo: z.number().int().min(0).max(1000).optional(),
    enabled: z.boolean().default(true),
  })
  .strict();

/** A stage as it is answered: its id is what applications' `pipelineCurrentStage` and moves name. */
export const pipelineItem = z.object({
  _id: z.string(),
  stage: z.object({ title: z.string(), stageType, description: z.string().nullable() }),
  orderNo: z.number().int(),
  enabled: z.boolean(),
});
export type PipelineItem = z.infer<typeof pipelineItem>;

export const pipelineNeedsStagesMessage = 'A pipeline needs at least one stage';
const items = z.array(pipelineItemInput).min(1, pipelineNeedsStagesMessage).max(40, 'A pipeline has at most 40 stages');

const editable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(200),
  description: z.string().trim().max(2000).optional().nullable(),
});

/**
 * The stages a job's applications move through (crm.md §3 Hiring pipeline). Each organisation has
 * one default pipeline with the 13 stage types in order, made on first use, editable but never
 * deleted (DECISIONS.md §11). `items` are rows of their own (PipelineItem), written with the pipeline:
 * the list sent replaces the stages, keeping those sent with their `_id`. A stage holding applications
 * can be neither removed nor disabled, and a pipeline a job uses cannot be deleted.
 */
export const hiringPipeline = defineResource({
  name: 'HiringPipeline',
  table: 'hiring_pipelines',
  label: 'Hiring Pipeline',
  tenancy: 'organisation',
  access: { module: 'Hiring Pipeline' },
  labelField: 'title',
  computed: ['items'],
  fields: editable.extend({ systemDefaultPipeline: z.boolean(), items: z.array(pipelineItem) }),
  create: editable.extend({ items }).strict(),
  update: editable.partial().extend({ _id: mongoId(), items: items.optional() }).strict(),
  search: ['title', 'description'],
  filters: { systemDefaultPipeline: filterValue(z.boolean()) },
  sortable: ['title'],
  screen: { area: 'crm', path: 'pipelines', records: 'page', menu: { label: 'Pipelines', icon: 'layout-board', order: 135 } },
  calls: {
    create: { method: 'POST', path: '/hiring-pipeline/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/hiring-pipeline/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/hiring-pipeline/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/hiring-pipeline/list', who: ['CRM_USER'] },
    remove: { method: 'POST', path: '/hiring-pipeline/delete', who: ['CRM_USER'] },
  },
});

/** A pipeline's stage row: reached through its pipeline, never by calls of its own. */
export const pipelineItemRecord = defineResource({
  name: 'PipelineItem',
  table: 'hiring_pipeline_items',
  tenancy: 'organisation',
  access: { module: 'Hiring Pipeline' },
  labelField: 'title',
  fields: z.object({
    pipelineId: z.string(),
    title: z.string(),
    stageType,
    description: z.string().nullable(),
    orderNo: z.number().int(),
    enabled: z.boolean(),
  }),
  create: z.never(),
  update: z.never(),
  search: ['title'],
  filters: {},
  calls: {},
});

/** The organisation's default pipeline, made with the 13 stages on first use. Client users read it to draw their board. */
export const defaultHiringPipeline = defineWorkflow({
  name: 'defaultHiringPipeline',
  tag: 'HiringPipeline',
  method: 'POST',
  path: '/hiring-pipeline/get-default',
  who: ['CRM_USER', 'CRM_CLIENT_USER'],
  access: { module: 'Hiring Pipeline' },
  // A read, though its first use makes the pipeline: whoever may read pipelines reads the default.
  level: 'READ',
  tenancy: 'organisation',
  summary: 'The organisation’s default pipeline (made with the 13 stage types on first use)',
  input: z.object({}).strict(),
  output: recordSchema(hiringPipeline),
});
