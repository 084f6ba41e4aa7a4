/**
 * A job seeker's built CVs: the content of `cvDocument` kept as records the seeker owns, one of
 * them the default (the one `get-default-cv` answers and an application uses when none is chosen).
 */
import { z } from 'zod';
import { genericStatus, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { cvDocument, cvTemplateSlug } from './cv-document';

/** BUILT in the builder; the spec names the field, the uploaded file stays on the profile. */
export const cvTypes = ['BUILT'] as const;

export const cvFields = cvDocument.extend({
  userId: mongoId('userId'),
  jobSeekerId: mongoId('jobSeekerId'),
  isDefault: z.boolean(),
  status: genericStatus,
  type: z.enum(cvTypes),
  /** The last PDF drawn for this CV (its link is refreshed on every answer). */
  file: uploadedFile.nullable(),
});

const cvCreate = cvDocument.extend({ status: genericStatus.default('ACTIVE') }).strict();

export const cv = defineResource({
  name: 'CV',
  table: 'cvs',
  tenancy: 'owner',
  fields: cvFields,
  create: cvCreate,
  update: cvCreate
    .partial()
    .extend({ _id: mongoId('cvId', 'Please choose a CV') })
    .strict(),
  status: genericStatus,
  search: ['cvTitle', 'designation', 'name.fullName'],
  filters: { status: filterValue(genericStatus), templateSlug: filterValue(z.string()) },
  order: [
    { field: 'isDefault', direction: 'desc' },
    { field: 'updatedAt', direction: 'desc' },
  ],
  calls: {
    create: {
      method: 'POST',
      path: '/job-seeker/cv/create-cv',
      who: ['JOB_SEEKER'],
      summary: 'Saves a new CV; the first one becomes the default',
    },
    update: {
      method: 'POST',
      path: '/job-seeker/cv/update-cv',
      who: ['JOB_SEEKER'],
      summary: 'Changes only the fields sent (`_id` names the CV)',
    },
    list: { method: 'POST', path: '/job-seeker/cv/get-cvs-user', who: ['JOB_SEEKER'], summary: 'The seeker’s CVs, default first' },
    remove: {
      method: 'POST',
      path: '/job-seeker/cv/delete-cv',
      who: ['JOB_SEEKER'],
      summary: 'Deletes a CV (not in the spec; the builder’s list needs it). Deleting the default makes the newest other CV the default',
    },
  },
});

export const cvDetails = defineWorkflow({
  name: 'cvDetails',
  tag: 'CV',
  method: 'GET',
  path: '/job-seeker/cv/get-cv-details',
  who: ['JOB_SEEKER'],
  inputFrom: 'query',
  input: z.object({ cvId: mongoId('cvId', 'Please choose a CV') }).strict(),
  output: recordSchema(cv),
});

export const defaultCv = defineWorkflow({
  name: 'defaultCv',
  tag: 'CV',
  method: 'GET',
  path: '/job-seeker/cv/get-default-cv',
  who: ['JOB_SEEKER'],
  inputFrom: 'query',
  summary: 'The default CV, or null when the seeker has built none',
  input: z.object({}).strict(),
  output: recordSchema(cv).nullable(),
});

export const setDefaultCv = defineWorkflow({
  name: 'setDefaultCv',
  tag: 'CV',
  method: 'POST',
  path: '/job-seeker/cv/set-default-cv',
  who: ['JOB_SEEKER'],
  summary: 'status true makes the CV the default (and no other); false takes the default away from it',
  input: z
    .object({
      cvId: mongoId('cvId', 'Please choose a CV'),
      status: z.boolean({ error: 'status must be true or false' }).default(true),
    })
    .strict(),
  output: recordSchema(cv),
});

export const cvTemplateSummary = z.object({ slug: cvTemplateSlug, title: z.string(), description: z.string() });
export type CvTemplateSummary = z.infer<typeof cvTemplateSummary>;

export const cvTemplateList = defineWorkflow({
  name: 'cvTemplateList',
  tag: 'CV',
  method: 'GET',
  path: '/job-seeker/cv/get-cv-templates',
  who: ['signed-in'],
  inputFrom: 'query',
  summary: 'The built-in CV layouts: slug, title, description, whether they show the photo',
  input: z.object({}).strict(),
  output: z.array(cvTemplateSummary),
});
