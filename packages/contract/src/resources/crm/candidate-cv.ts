import { z } from 'zod';
import { genericStatus, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { cvDocument } from '../job-board/cv-document';

/** UPLOADED: a file the agency or the candidate sent; BUILT: drawn from `document` by the CV renderer. */
export const candidateCvTypes = ['UPLOADED', 'BUILT'] as const;
export const candidateCvType = z.enum(candidateCvTypes);

const fileRequired = 'Please upload a file';

/** What a CV may be, judged by the file's content (the upload's detected type), never by its name. */
export const cvMimeTypes: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
/** The names a file chooser offers for a CV; the server still judges the content. */
export const cvFileAccept =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The 415 of a CV that is not a document. */
export const cvFileTypeMessage = 'A CV must be a PDF, DOC or DOCX file';

/** The candidate the CV belongs to (the spec's name for it). */
const owner = { jobSeekerId: mongoId('jobSeekerId'), isDefault: z.boolean().optional() };

const uploadedInput = z
  .object({
    ...owner,
    type: z.literal('UPLOADED').optional(),
    file: z.object(uploadedFile.shape, { error: fileRequired }),
    cvTitle: z.string().trim().max(200).optional().nullable(),
  })
  .strict();

/**
 * A built CV: the CV builder's document fields (cvTitle, templateSlug, accentColor, name,
 * designation, professionalSummary, skills, workHistory, education, projects, ...). Those left out
 * are taken from the candidate's profile (`cvDraftOfCandidate`); the whole is then checked as the
 * job board's CV builder checks a CV, and drawn by the same renderer.
 */
const builtInput = z
  .object({
    // Each field optional without its builder default, so a field left out is the profile's, not the default's.
    ...(Object.fromEntries(
      Object.entries(cvDocument.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]),
    ) as unknown as {
      [K in keyof typeof cvDocument.shape]: z.ZodOptional<
        z.ZodType<z.output<(typeof cvDocument.shape)[K]>, z.input<(typeof cvDocument.shape)[K]>>
      >;
    }),
    ...owner,
    type: z.literal('BUILT'),
  })
  .strict();

/** Without a type, an uploaded file (the spec's create: file and jobSeekerId required). */
const createInput = z.discriminatedUnion('type', [uploadedInput, builtInput], { error: 'type must be UPLOADED or BUILT' });

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
  // A client user sees none yet: the job applications that will grant a client a candidate's CVs do not exist.
  audiences: { staff: {}, jobSeeker: { rows: { own: 'userId' } } },
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

/** Makes the CV its candidate's default (true) or takes the flag from it; the candidate's other CVs stop being the default. */
export const setDefaultCandidateCv = defineWorkflow({
  name: 'setDefaultCandidateCv',
  tag: 'Candidate CV',
  method: 'PUT',
  path: '/candidate-cv/set-default',
  who: ['CRM_USER'],
  access: { module: 'Candidate CV' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Makes a CV the candidate’s default one (one default per candidate)',
  input: z.object({ _id: mongoId(), isDefault: z.boolean().default(true) }).strict(),
  output: recordSchema(candidateCv),
});

/** The 400 of a parse call without a usable url (crm.md §5: "The CV parse call requires a valid non-empty url"). */
export const resumeUrlMessage = 'Please provide a valid url';
/** The 422 of a PDF that is only pictures of pages. */
export const noTextLayerMessage =
  'This PDF has no text layer (it is a scan): there is no text to read. Ask the candidate for the original document, or fill the form by hand.';

const draftText = z.string().nullable();
const draftDate = z.string().nullable().describe('The first of the month, "2021-03-01", or null');

/** What a résumé says, read for review: nothing of it is stored until the recruiter saves the candidate. */
export const resumeDraft = z.object({
  name: z.object({ first: z.string(), last: z.string() }).nullable(),
  email: draftText,
  phone: draftText,
  links: z.object({ linkedIn: draftText, gitHub: draftText, site: draftText }),
  city: draftText,
  summary: draftText,
  /** Matched to the skills lookup by label or value (case-insensitively); the others are new. */
  skills: z.array(z.object({ label: z.string(), skillId: z.string().nullable(), isNew: z.boolean() })),
  workHistory: z.array(
    z.object({
      jobTitle: draftText,
      organization: draftText,
      city: draftText,
      startDate: draftDate,
      endDate: draftDate,
      currentlyWorkingHere: z.boolean(),
    }),
  ),
  education: z.array(
    z.object({
      organization: draftText,
      qualification: draftText,
      subject: draftText,
      startDate: draftDate,
      endDate: draftDate,
      isPursuing: z.boolean(),
    }),
  ),
  /** How the text was laid out: a page read a column at a time is TWO_COLUMNS. */
  layout: z.enum(['ONE_COLUMN', 'TWO_COLUMNS']),
  /** The file read, as stored (PDF, DOCX or DOC). */
  file: z.object({ _id: z.string(), originalName: z.string(), mimeType: z.string() }),
});
export type ResumeDraftAnswer = z.infer<typeof resumeDraft>;

/**
 * Reads a résumé the product stores (the signed link the upload answered) into a candidate draft.
 * Never fetches another address: any other url is a 400.
 */
export const parseResumePdf = defineWorkflow({
  name: 'parseResumePdf',
  tag: 'Candidate CV',
  method: 'POST',
  path: '/candidate-cv/parse-resume-pdf',
  who: ['CRM_USER'],
  access: { module: 'Candidate CV' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Reads an uploaded résumé (PDF, DOCX or DOC) into a candidate draft for review',
  input: z
    .object({
      url: z
        .string({ error: resumeUrlMessage })
        .trim()
        .min(1, resumeUrlMessage)
        .pipe(z.url({ error: resumeUrlMessage })),
    })
    .strict(),
  output: resumeDraft,
});
