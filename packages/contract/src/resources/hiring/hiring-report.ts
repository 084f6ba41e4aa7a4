import { z } from 'zod';
import { isoDate } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { defineWorkflow } from '../../define-resource';
import { applicationSource } from './job-application';
import { stageType } from './pipeline';

export const reportGroupings = ['job', 'client', 'recruiter'] as const;

export const hiringReportRequest = z
  .object({
    groupBy: z.enum(reportGroupings, { error: 'groupBy must be job, client or recruiter' }).default('job'),
    /** The period's first and last moments; the last 90 days when left out. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    jobId: mongoId('jobId').optional(),
    clientId: mongoId('clientId').optional(),
    recruiterId: mongoId('recruiterId').optional(),
  })
  .strict()
  .refine((input) => !input.from || !input.to || input.from <= input.to, { message: 'The period must end after it starts', path: ['to'] });
export type HiringReportRequest = z.infer<typeof hiringReportRequest>;

/** The figures of one group (a job, a client, a recruiter) or of all of them together. */
export const hiringFigures = z.object({
  /** How many applications moved (or started) in the period: any stage reached in it. */
  applications: z.number().int(),
  /** How many applications reached each stage type in the period (a move into it, or starting there). */
  funnel: z.array(z.object({ stageType, reached: z.number().int() })),
  /** Of those that reached a stage type, the share that reached the next one in the default order (null when none reached it). */
  conversion: z.array(z.object({ from: stageType, to: stageType, rate: z.number().nullable() })),
  /**
   * The median days an application stayed at each stage type before moving on: stays that ended in
   * the period. A stay still open is left out (it has no length yet, and counting it up to now would
   * make a stage look slower the more it fills).
   */
  medianDaysInStage: z.array(z.object({ stageType, days: z.number().nullable() })),
  hires: z.number().int(),
  /** The median days from an application's creation to its first move to HIRED, over the period's hires. */
  medianDaysToHire: z.number().nullable(),
  sourceOfHire: z.array(z.object({ source: applicationSource, hires: z.number().int() })),
});
export type HiringFigures = z.infer<typeof hiringFigures>;

export const hiringReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(reportGroupings),
  total: hiringFigures,
  groups: z.array(hiringFigures.extend({ _id: z.string().nullable(), label: z.string() })),
});
export type HiringReport = z.infer<typeof hiringReport>;

/**
 * The numbers a manager runs the desk by (issue 29 point 7): per job, client or recruiter over a
 * period, the funnel by stage, conversion between stages, median time in stage, time to hire and
 * source of hire. An extra call beyond the spec's.
 */
export const hiringReportCall = defineWorkflow({
  name: 'hiringReport',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm/reports/hiring',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'Hiring figures per job, client or recruiter over a period (an extra call)',
  input: hiringReportRequest,
  output: hiringReport,
});

/** The same figures as CSV, one row per group and stage type. */
export const hiringReportCsvCall = defineWorkflow({
  name: 'hiringReportCsv',
  tag: 'CrmJobApplication',
  method: 'POST',
  path: '/crm/reports/hiring/export',
  who: ['CRM_USER'],
  access: { module: 'Job Application' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'The hiring figures as CSV (an extra call)',
  input: hiringReportRequest,
  output: z.string(),
});
