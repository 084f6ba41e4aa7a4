import { z } from 'zod';
import { genericStatus, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';
import { cvDocument } from '../job-board/cv-document';

/** UPLOADED: a file the agency or the candidate sent; BUILT: drawn from `document` by the CV renderer. */
export const candidateCvTypes = ['UPLOADED', 'BUILT'] as const;
export const candidateCvType = z.enum(candidateCvTypes);

const fileRequired = 'Please upload a file';

const createInput = z
  .object({
    /** The candidate the CV belongs to (the spec's name for it). */
    jobSeekerId: mongoId('jobSeekerId'),
    file: z.object(uploadedFile.shape, { error: fileRequired }),
    cvTitle: z.string().trim().max(200).optional().nullable(),
    isDefault: z.boolean().optional(),
  })
  .strict();

/**
 * A candidate's CV (crm.md §3 Candidate CV): an uploaded file, or a built CV whose `document` the
 * job board's CV renderer (packages/documents) draws into `file`. Staff see their organisation's;
 * a JOB_SEEKER only those of the candidates linked to their account.
 */
export const candidateCv = defineResource({
  name: 'Candidate CV',
  table: 'candidate_cvs',
  tenancy: 'organisation',
  access: { module: 'Candidate CV' },
  labelField: 'cvTitle',
  references: { jobSeekerId: { resource: 'Candidate', expandAs: 'candidate' } },
  fields: z.object({
    jobSeekerId: z.string(),
    /** The JOB_SEEKER account of the candidate when it has one. */
    userId: z.string().nullable(),
    cvTitle: z.string().nullable(),
    type: candidateCvType,
    file: uploadedFile.nullable(),
    document: cvDocument.nullable().optional(),
    isDefault: z.boolean(),
    status: genericStatus,
  }),
  create: createInput,
  update: z.never(),
  status: genericStatus,
  search: ['cvTitle', 'file.originalName'],
  filters: { jobSeekerId: filterId('jobSeekerId'), type: filterValue(candidateCvType), createdAt: filterDateRange },
  calls: {
    create: { method: 'POST', path: '/candidate-cv/', who: ['CRM_USER', 'JOB_SEEKER'] },
    details: { method: 'POST', path: '/candidate-cv/details', who: ['CRM_USER', 'JOB_SEEKER', 'CRM_CLIENT_USER'] },
    list: { method: 'POST', path: '/candidate-cv/list', who: ['CRM_USER', 'JOB_SEEKER', 'CRM_CLIENT_USER'] },
    remove: { method: 'PUT', path: '/candidate-cv/delete', who: ['CRM_USER'] },
  },
});
