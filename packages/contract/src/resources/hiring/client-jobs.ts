import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { listRequest, listResult } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineWorkflow } from '../../define-resource';
import { crmJob, crmJobEditable, jobContent } from './crm-job';
import { stageType } from './pipeline';

/**
 * What a client user writes of their own job: the staff job's fields and messages ("Please provide a
 * title.", "Please fill the job content"), less what the agency decides. The client is the caller's,
 * the pipeline the default, the status DRAFT until staff publish it; the slug follows the title; the
 * application window and featuring belong to publishing. Strict: `_id` (on create), `itemId`, meta,
 * status, pipeline, boardJobId, postedOn and the record's dates are a 400.
 */
const clientJobFields = crmJobEditable.omit({
  clientId: true,
  pipelineId: true,
  slug: true,
  isFeaturedJob: true,
  applicationStartDate: true,
  applicationEndDate: true,
});

export const clientJobCreateInput = clientJobFields.strict();
/** An update changes the fields it names (the server leaves the others as they are). */
export const clientJobUpdateInput = clientJobFields.partial().extend({ _id: mongoId() }).strict();

/** A job as its client sees it: the staff record without the agency's own fields (meta, the board copy, its owner). */
export const clientJob = recordSchema(crmJob).omit({ meta: true, boardJobId: true, ownerId: true });

/** A stage of the job's pipeline the client may move applications to: the enabled ones, in order. */
export const clientJobStage = z.object({ _id: z.string(), label: z.string(), stageType });

/** Details add the stages, since client users read no pipelines: the board's columns. */
export const clientJobDetailsOutput = clientJob.extend({ stages: z.array(clientJobStage) });

const { clientId: _clientId, pipelineId: _pipelineId, ...clientJobFilters } = crmJob.filters;

const clientJobCall = {
  tag: 'Client portal',
  who: ['CRM_CLIENT_USER'],
  tenancy: 'organisation',
} as const;

/** A new job of the caller's client, DRAFT on the organisation's default pipeline: staff publish it. */
export const clientJobCreate = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobCreate',
  method: 'POST',
  path: '/client/job/',
  summary: 'Adds a job for the client user’s own client (a draft until the agency publishes it)',
  input: clientJobCreateInput,
  output: clientJob,
});

export const clientJobUpdate = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobUpdate',
  method: 'PUT',
  path: '/client/job/',
  summary: 'Changes one of the client’s own jobs',
  input: clientJobUpdateInput,
  output: clientJob,
});

/** The description alone, sanitised as the staff one is. */
export const clientJobUpdateDescription = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobUpdateDescription',
  method: 'PUT',
  path: '/client/job/update-description',
  summary: 'Replaces the description of one of the client’s own jobs (rich text, sanitised)',
  input: z.object({ _id: mongoId(), content: jobContent }).strict(),
  output: clientJob,
});

export const clientJobDetails = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobDetails',
  method: 'POST',
  path: '/client/job/details',
  summary: 'One of the client’s own jobs, with the stages its applications can move to',
  input: z.object({ _id: mongoId() }).strict(),
  output: clientJobDetailsOutput,
});

/** The client's jobs, each with its `applicationCount`. */
export const clientJobList = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobList',
  method: 'POST',
  path: '/client/job/list',
  summary: 'The client’s own jobs',
  input: listRequest(clientJobFilters, crmJob.sortable),
  output: listResult(clientJob),
});

/** Soft delete, as staff delete: the job's applications go with it. */
export const clientJobDelete = defineWorkflow({
  ...clientJobCall,
  name: 'clientJobDelete',
  method: 'POST',
  path: '/client/job/delete',
  summary: 'Deletes one of the client’s own jobs and its applications (soft delete)',
  input: z.object({ _id: mongoId() }).strict(),
  output: z.object({ _id: z.string() }),
});
