/**
 * Cover letters and what admins curate for them: sections (the letter's parts, in order), suggested
 * paragraphs per section with `{{variables}}`, and templates (each names one built-in layout: no
 * uploaded template code is ever run).
 */
import { z } from 'zod';
import { PLATFORM } from '../../access';
import { fileLink, genericStatus, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, filterValue, listResult } from '../../conventions/list';
import { recordListSchema, recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { accentColor, coverLetterDocument, coverLetterTemplateSlugs, defaultAccentColor } from './cv-document';

const required = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max = 2000) => z.string().trim().max(max).optional().nullable();
const slugMessage = 'Only a-z, 0-9 and "-" are allowed.';
const orderNumber = z.number({ error: 'orderNumber must be a number' }).int().min(0, 'orderNumber must be 0 or more');

// --- Variables ---------------------------------------------------------------------------------

export const variableTypes = ['TEXT', 'DATE', 'NUMBER', 'SELECT'] as const;
export const sectionVariable = z.object({
  label: required('Please enter the variable label', 200),
  /** The name inside the braces: `companyName` for `{{companyName}}`. */
  value: z
    .string({ error: 'Please enter the variable name' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,60}$/, 'A variable name is letters, digits and _, starting with a letter'),
  type: z.enum(variableTypes, { error: 'Variable type must be TEXT, DATE, NUMBER or SELECT' }).default('TEXT'),
  selectOptions: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
});
export type SectionVariable = z.infer<typeof sectionVariable>;

/**
 * The variables the builder fills by itself: from the seeker's profile and the job the letter is
 * for. Others are asked for (or left in braces for the seeker to edit).
 */
export const knownVariables = {
  companyName: 'The company’s name',
  jobTitle: 'The job title',
  hiringManager: 'Who the letter is addressed to',
  fullName: 'Your full name',
  firstName: 'Your first name',
  designation: 'Your current title',
  email: 'Your email',
  phone: 'Your phone',
  topSkills: 'Your first three skills',
  yearsOfExperience: 'Your years of experience',
  currentCompany: 'Where you work now',
} as const;

/** Puts values into `{{name}}` slots; unknown or empty ones stay as they are, for the seeker to fill. */
export const fillVariables = (content: string, values: Record<string, string | null | undefined>) =>
  content.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (slot, name: string) => {
    const value = values[name];
    return value ? value : slot;
  });

// --- Sections ----------------------------------------------------------------------------------

export const sectionTypes = ['GREETING', 'PARAGRAPH', 'CLOSING', 'SIGNATURE'] as const;

export const coverLetterSubSectionDefinition = z.object({
  _id: mongoId('subSectionId').optional(),
  label: required('Please enter label', 200),
  description: optionalText(),
  orderNumber: orderNumber.default(0),
});

const sectionInput = z.object({
  label: required('Please enter label', 200),
  description: optionalText(),
  /** A short key for the section ("opening"), unique among sections. */
  value: z
    .string({ error: 'Please enter value' })
    .trim()
    .min(1, 'Please enter value')
    .max(100)
    .regex(/^[a-z0-9-]+$/, slugMessage),
  /** Where it sits in a new letter; made the last when left out. */
  orderNumber: orderNumber.optional(),
  type: z.enum(sectionTypes, { error: 'Type must be GREETING, PARAGRAPH, CLOSING or SIGNATURE' }).default('PARAGRAPH'),
  variables: z.array(sectionVariable).max(30).default([]),
  subSections: z.array(coverLetterSubSectionDefinition).max(20).default([]),
  status: genericStatus.default('ACTIVE'),
  /** Whether the seeker may move it; a greeting and a sign-off stay where they are. */
  isDraggable: z.boolean().default(true),
});

export const coverLetterSection = defineResource({
  name: 'CoverLetterSection',
  table: 'cover_letter_sections',
  tenancy: 'platform',
  labelField: 'label',
  fields: sectionInput.extend({ orderNumber }),
  create: sectionInput.strict(),
  update: sectionInput.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['label', 'value', 'description'],
  filters: { status: filterValue(genericStatus), type: filterValue(z.enum(sectionTypes)) },
  order: [{ field: 'orderNumber', direction: 'asc' }],
  unique: [{ fields: ['value'], message: 'A section with this value already exists', global: true }],
  screen: {
    area: 'admin',
    path: 'cover-letters/sections',
    menu: { group: 'Cover letters', label: 'Letter sections', icon: 'list-numbers', order: 80 },
  },
  calls: {
    list: { method: 'POST', path: '/admin/cover-letter/section/list', who: PLATFORM, summary: 'Sections in their order' },
    create: { method: 'POST', path: '/admin/cover-letter/section/add', who: PLATFORM },
    update: { method: 'POST', path: '/admin/cover-letter/section/update', who: PLATFORM },
    details: {
      method: 'POST',
      path: '/admin/cover-letter/section/get',
      who: PLATFORM,
      summary: 'One section with its suggestions (the spec’s suggestion get uses this path)',
      output: (record) => record.extend({ suggestions: z.array(recordSchema(coverLetterSuggestion)) }),
    },
  },
});

export const reorderCoverLetterSection = defineWorkflow({
  name: 'reorderCoverLetterSection',
  tag: 'CoverLetterSection',
  method: 'POST',
  path: '/admin/cover-letter/section/update-order',
  who: PLATFORM,
  summary: 'Moves a section to orderNumber; the others shift to make room, keeping 0, 1, 2, ...',
  input: z.object({ _id: mongoId(), orderNumber }).strict(),
  output: recordListSchema(coverLetterSection),
});

// --- Suggestions -------------------------------------------------------------------------------

const suggestionInput = z.object({
  sectionId: mongoId('sectionId'),
  subSectionId: mongoId('subSectionId').optional().nullable(),
  content: required('Please enter content', 10_000),
  status: genericStatus.default('ACTIVE'),
  /** The `{{variables}}` the content uses, as the builder shows them. */
  variables: z.array(sectionVariable).max(30).default([]),
});

export const coverLetterSuggestion = defineResource({
  name: 'CoverLetterSuggestion',
  table: 'cover_letter_suggestions',
  tenancy: 'platform',
  references: { sectionId: { resource: 'CoverLetterSection', expandAs: 'section' } },
  fields: suggestionInput,
  create: suggestionInput.strict(),
  update: suggestionInput.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['content'],
  filters: { sectionId: filterId('sectionId'), subSectionId: filterId('subSectionId'), status: filterValue(genericStatus) },
  screen: {
    area: 'admin',
    path: 'cover-letters/suggestions',
    menu: { group: 'Cover letters', label: 'Suggestions', icon: 'bulb', order: 90 },
  },
  calls: {
    list: { method: 'POST', path: '/admin/cover-letter/suggestion/list', who: PLATFORM },
    create: { method: 'POST', path: '/admin/cover-letter/suggestion/add', who: PLATFORM },
    update: { method: 'POST', path: '/admin/cover-letter/suggestion/update', who: PLATFORM },
  },
});

export const seekerCoverLetterSections = defineWorkflow({
  name: 'seekerCoverLetterSections',
  tag: 'CoverLetter',
  method: 'POST',
  path: '/job-seeker/cover-letter/section/list',
  who: ['JOB_SEEKER'],
  summary: 'The active sections in their order, each with its active suggestions',
  input: z.object({ search: z.string().max(200).default('') }).strict(),
  output: listResult(recordSchema(coverLetterSection).extend({ suggestions: z.array(recordSchema(coverLetterSuggestion)) })),
});
export const seekerCoverLetterSuggestions = defineWorkflow({
  name: 'seekerCoverLetterSuggestions',
  tag: 'CoverLetter',
  method: 'POST',
  path: '/job-seeker/cover-letter/suggestion/list',
  who: ['JOB_SEEKER'],
  summary: 'Active suggestions, for one section (filter.sectionId) or all',
  input: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.union([z.literal('ALL'), z.coerce.number().int().min(1).max(100)]).default('ALL'),
      search: z.string().max(200).default(''),
      filter: z
        .object({ sectionId: mongoId('sectionId').optional(), subSectionId: mongoId('subSectionId').optional() })
        .strict()
        .default({}),
    })
    .strict(),
  output: recordListSchema(coverLetterSuggestion),
});

// --- Templates ---------------------------------------------------------------------------------

export const coverLetterLayout = z.enum(coverLetterTemplateSlugs, {
  error: `Layout must be one of ${coverLetterTemplateSlugs.join(', ')}`,
});

const templateInput = z.object({
  title: required('Please enter title', 200),
  slug: z
    .string({ error: 'Please enter slug' })
    .trim()
    .min(1, 'Please enter slug')
    .max(100)
    .regex(/^[a-z0-9-]+$/, slugMessage),
  /** The built-in layout that draws it; the slug's own when it names one. */
  layout: coverLetterLayout.optional(),
  defaultAccentColor: accentColor.default(defaultAccentColor),
  imgFile: uploadedFile.nullable().optional(),
  isDocx: z.boolean().default(true),
  status: genericStatus.default('ACTIVE'),
});

export const coverLetterTemplate = defineResource({
  name: 'CoverLetterTemplate',
  table: 'cover_letter_templates',
  tenancy: 'platform',
  fields: templateInput.extend({ layout: coverLetterLayout }),
  create: templateInput.strict(),
  update: templateInput.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['title', 'slug'],
  filters: { status: filterValue(genericStatus) },
  unique: [{ fields: ['slug'], message: 'A template with this slug already exists', global: true }],
  screen: {
    area: 'admin',
    path: 'cover-letters/templates',
    menu: { group: 'Cover letters', label: 'Letter templates', icon: 'layout-board', order: 100 },
  },
  calls: {
    create: {
      method: 'POST',
      path: '/admin/cover-letter/template/add',
      who: PLATFORM,
      summary: 'A template names a built-in layout (classic, modern, compact); uploaded template code is never run',
    },
    update: {
      method: 'POST',
      path: '/admin/cover-letter/template/update',
      who: PLATFORM,
      summary: 'Changes the fields sent (not in the spec: admins need to correct a template or switch it off)',
    },
    list: {
      method: 'POST',
      path: '/job-seeker/cover-letter/template/list',
      who: ['signed-in'],
      summary: 'Templates; seekers see the active ones only',
    },
  },
});

// --- Cover letters -----------------------------------------------------------------------------

const letterInput = coverLetterDocument.extend({
  title: required('Please enter title', 200),
  /** The board job the letter is for, when written for one. */
  jobId: mongoId('jobId').optional().nullable(),
  status: genericStatus.default('ACTIVE'),
});

export const coverLetterFields = letterInput.extend({
  jobSeekerId: mongoId('jobSeekerId'),
  isDefault: z.boolean(),
  isDeleted: z.boolean(),
  file: uploadedFile.nullable(),
  docxFile: uploadedFile.nullable(),
});

export const coverLetter = defineResource({
  name: 'CoverLetter',
  table: 'cover_letters',
  tenancy: 'owner',
  fields: coverLetterFields,
  create: letterInput.strict(),
  update: letterInput.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['title', 'recipientDetails.companyName', 'recipientDetails.jobTitle'],
  filters: { status: filterValue(genericStatus) },
  order: [
    { field: 'isDefault', direction: 'desc' },
    { field: 'updatedAt', direction: 'desc' },
  ],
  calls: {
    create: {
      method: 'POST',
      path: '/job-seeker/cover-letter/',
      who: ['JOB_SEEKER'],
      summary: 'Saves a new letter; the first one becomes the default',
    },
    details: { method: 'POST', path: '/job-seeker/cover-letter/get-cl-details', who: ['JOB_SEEKER'] },
    update: { method: 'PUT', path: '/job-seeker/cover-letter/update', who: ['JOB_SEEKER'] },
    list: { method: 'POST', path: '/job-seeker/cover-letter/list', who: ['JOB_SEEKER'], summary: 'The seeker’s letters, default first' },
    remove: {
      method: 'POST',
      path: '/job-seeker/cover-letter/delete',
      who: ['JOB_SEEKER'],
      summary: 'Deletes a letter (not in the spec; the list needs it)',
    },
  },
});

export const makeDefaultCoverLetter = defineWorkflow({
  name: 'makeDefaultCoverLetter',
  tag: 'CoverLetter',
  method: 'POST',
  path: '/job-seeker/cover-letter/make-default',
  who: ['JOB_SEEKER'],
  input: z.object({ _id: mongoId() }).strict(),
  output: recordSchema(coverLetter),
});

/** Query strings carry text: "true"/"false" (and 1/0) for isDocx. */
const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'isDocx must be true or false' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const coverLetterUrl = defineWorkflow({
  name: 'coverLetterUrl',
  tag: 'CoverLetter',
  method: 'GET',
  path: '/job-seeker/cover-letter/get-cl-url',
  who: ['JOB_SEEKER'],
  inputFrom: 'query',
  summary: 'An expiring link to the letter as PDF, or as Word with isDocx=true (drawn once per change)',
  input: z.object({ coverLetterId: mongoId('coverLetterId'), isDocx: queryFlag.default(false) }).strict(),
  output: fileLink,
});
