import { z } from 'zod';
import { education, languageItem, skillItem, workHistory } from '../../conventions/career';
import {
  address,
  email,
  genericStatus,
  gitHubLinkField,
  itemId,
  linkedInLinkField,
  personName,
  uploadedFile,
} from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { workModelValues } from '../../lookups';
import { preferences } from '../job-board/job-seeker';
import { candidateExportColumns } from './candidate-import';

const enterPhone = 'Please enter phone number.';
const provideTitle = 'Please provide title.';
const provideDescription = 'Please provide description.';
const text = (max: number) => z.string().trim().max(max).optional().nullable();

/** crm.md §5: required, and at least 11 characters ("07700 900123" is 12, "+447700900123" 13). */
export const candidatePhone = z
  .string({ error: enterPhone })
  .trim()
  .min(1, enterPhone)
  .min(11, 'Phone must be at least 11 characters.')
  .max(30, 'Phone must be at most 30 characters.');

export const candidateProject = z.object({
  _id: mongoId().optional(),
  title: z.string({ error: provideTitle }).trim().min(1, provideTitle).max(200),
  link: text(500),
  timeDuration: text(100),
  description: z.string({ error: provideDescription }).trim().min(1, provideDescription).max(10_000),
});
export type CandidateProject = z.infer<typeof candidateProject>;

export const instituteInfo = z.object({
  enrollmentDate: z.iso.datetime({ offset: true, error: 'Invalid date' }).optional().nullable(),
  batchCode: text(100),
  courseName: text(200),
  preferredField: text(200),
});

/** Special-category data (crm.md §3): stored apart, read only with the Candidate/Diversity permission. */
export const candidateDiversity = z.object({
  dateOfBirth: text(50),
  gender: text(100),
  ethnicGroup: text(200),
  lgbtqCommunity: text(100),
  illnessAffecting: text(500),
});
export type CandidateDiversity = z.infer<typeof candidateDiversity>;

/**
 * The candidate's preferences as the job seeker profile has them (one shape for both), except that
 * `noticePeriodId` names one of the organisation's CrmNoticePeriod records.
 */
export const candidatePreferences = preferences;

const editable = z.object({
  name: personName,
  email: email(),
  phone: candidatePhone,
  address: address.optional().nullable(),
  about: text(20_000),
  linkedInLink: linkedInLinkField().optional().nullable(),
  gitHubLink: gitHubLinkField().optional().nullable(),
  profileImg: uploadedFile.optional().nullable(),
  cvDetail: uploadedFile.optional().nullable(),
  preferences: candidatePreferences.optional().nullable(),
  skills: z.array(skillItem).max(100).optional(),
  personalSkills: z.array(skillItem).max(100).optional(),
  languages: z.array(languageItem).max(50).optional(),
  workHistory: z.array(workHistory).max(50).optional(),
  projects: z.array(candidateProject).max(50).optional(),
  education: z.array(education).max(30).optional(),
  instituteInfo: instituteInfo.optional().nullable(),
  /** Other contacts linked to the candidate (checked in the organisation, answered as `contacts`). */
  contactIds: z.array(mongoId('contactId')).max(100).optional(),
});

/** What staff write of a candidate, field by field: an information form proposes a part of it (candidate-information-form.ts). */
export const candidateFields = editable;

/**
 * Written with the candidate by a caller holding WRITE on Candidate/Diversity; sent by anyone else
 * it is refused with 403 (never silently dropped, so a form cannot believe it saved it).
 */
const writeOnly = {
  diversity: candidateDiversity.optional().nullable(),
  /** Create (or change email/phone) even though other candidates share the email or phone. */
  createAnyway: z.boolean().optional(),
};

export const candidateNoticePeriod = z.object({ _id: z.string(), label: z.string().nullable(), valueInDays: z.number().int().nullable() });

/** One possible duplicate, as a 409's `data.duplicates` lists it. */
/**
 * A candidate sharing the email or phone. One the caller may not see (another's, under an OWN or
 * TEAM scope) is named by its number only: `visible` false, no name, email or phone.
 */
export const candidateDuplicate = z.object({
  _id: z.string(),
  itemId: itemId.nullable(),
  visible: z.boolean(),
  name: personName.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CandidateDuplicate = z.infer<typeof candidateDuplicate>;
/** The `data` of the 409 a create or update answers when the email or phone is already a candidate's. */
export const candidateDuplicates = z.object({ duplicates: z.array(candidateDuplicate) });

/**
 * A person the agency may place (crm.md §3 Candidate). Diversity lives in its own table and is
 * answered only by details, only to a caller with the Diversity feature. A merged-away candidate
 * keeps its row (deleted, `mergedInto` the survivor); its details answer the survivor with
 * `redirectedFrom` set to the id asked for.
 */
export const candidate = defineResource({
  name: 'Candidate',
  table: 'candidates',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  itemIdPrefix: 'CAN',
  labelField: 'name.fullName',
  references: {
    // Copied from preferences.noticePeriodId on write so the engine checks it, expands it and filters by it.
    noticePeriodId: { resource: 'CrmNoticePeriod', expandAs: 'noticePeriod', expandWith: { valueInDays: z.number().int() } },
    contactIds: { resource: 'Contact', expandAs: 'contacts' },
    selfContactId: { resource: 'Contact', expandAs: 'selfContact' },
  },
  fields: editable.extend({
    status: genericStatus,
    /** The JOB_SEEKER account made by the credentials call (or linked to it). */
    userId: z.string().nullable(),
    noticePeriodId: z.string().nullable(),
    mergedInto: z.string().nullable(),
    /** The candidate's own contact (a Contact with selfContact true), made with the candidate and kept in step with it. */
    selfContactId: z.string().nullable(),
    contactIds: z.array(z.string()),
    appliedJobCount: z.number().int(),
    referencesCount: z.number().int(),
    filledProfileRequestCount: z.number().int(),
    /** Details only, for a caller with READ on Candidate/Diversity. */
    diversity: candidateDiversity.nullable().optional(),
    /** Set when details were asked for a candidate merged into this one: the id asked for. */
    redirectedFrom: z.string().optional(),
  }),
  create: editable
    .extend({
      status: genericStatus.default('ACTIVE'),
      ...writeOnly,
      /**
       * An uploaded CV (PDF, DOC or DOCX) kept as the new candidate's default CV in the same write:
       * nothing is saved if it is refused. Needs WRITE on Candidate CV (403 otherwise).
       */
      cvFile: uploadedFile.optional(),
    })
    .strict(),
  update: editable
    .partial()
    .extend({ _id: mongoId(), ...writeOnly })
    .strict(),
  status: genericStatus,
  computed: ['appliedJobCount', 'referencesCount', 'filledProfileRequestCount', 'diversity', 'redirectedFrom'],
  exportColumns: candidateExportColumns,
  // `keywords`: the skills' labels, current and desired job titles, towns and postcode, written by
  // the database on every write (see the candidates schema), so "nurse", "Leeds" or "LS1" find them.
  search: ['name.fullName', 'email', 'phone', 'itemId.combined', 'keywords'],
  sortable: ['name.fullName', 'address.city', 'preferences.currentJobTitle', 'createdAt', 'updatedAt'],
  filters: {
    status: filterValue(genericStatus),
    ownerId: filterId('ownerId'),
    createdAt: filterDateRange,
    skillIds: filterId('skillId'),
    noticePeriodId: filterId('noticePeriodId'),
    city: filterValue(z.string().trim().toLowerCase().max(200)),
    jobTypes: filterValue(z.number().int()),
    workModel: filterValue(z.enum(workModelValues)),
  },
  screen: { area: 'crm', path: 'candidates', records: 'page', menu: { label: 'Candidates', icon: 'user-search', order: 10 } },
  bulkActions: {
    // The chosen candidates onto the chosen jobs' long lists, each pair once (crm-job-application's add to long list).
    'add-to-long-list': {
      label: 'Add to long list',
      who: ['CRM_USER'],
      alsoNeeds: { module: 'Job Application' },
      // The count is of applications made: two candidates on three jobs are six.
      doneWords: 'added to the long lists',
      fields: {
        jobIds: {
          kind: 'reference',
          label: 'Jobs',
          resource: 'CrmJob',
          labelField: 'title',
          multiple: true,
          // A closed or archived job takes no new applications.
          filter: { status: ['DRAFT', 'PUBLISHED'] },
        },
      },
    },
  },
  calls: {
    create: { method: 'POST', path: '/candidate/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/candidate/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/candidate/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/candidate/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/candidate/delete', who: ['CRM_USER'] },
    setStatus: { method: 'PUT', path: '/candidate/update-status', who: ['CRM_USER'] },
  },
});

/** The fields a merge may take from either side; the rest are the survivor's. */
export const candidateMergeFields = [
  'name',
  'email',
  'phone',
  'address',
  'about',
  'linkedInLink',
  'gitHubLink',
  'profileImg',
  'cvDetail',
  'preferences',
  'skills',
  'personalSkills',
  'languages',
  'workHistory',
  'projects',
  'education',
  'instituteInfo',
] as const;
export type CandidateMergeField = (typeof candidateMergeFields)[number];

export const mergeCandidates = defineWorkflow({
  name: 'mergeCandidates',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/merge',
  who: ['CRM_USER'],
  access: { module: 'Candidate' },
  // It deletes the merged candidate: as a delete does, it needs FULL.
  level: 'FULL',
  summary:
    'Joins two candidates: every CV, note, task, event and other related record moves to the survivor; the merged one is deleted with mergedInto',
  input: z
    .object({
      survivorId: mongoId('survivorId'),
      mergedId: mongoId('mergedId'),
      /** Which side wins per field; unnamed fields keep the survivor's value (the merged one's when the survivor has none). */
      fields: z.partialRecord(z.enum(candidateMergeFields), z.enum(['survivor', 'merged'])).optional(),
    })
    .strict()
    .refine((input) => input.survivorId !== input.mergedId, { message: 'A candidate cannot be merged into itself', path: ['mergedId'] }),
  output: recordSchema(candidate),
});

/**
 * What the credentials calls answer: the candidate's linked account, never the password (it goes by
 * mail). For an email that is already a job seeker's, nothing is linked: the seeker is invited
 * (`invited`), `userId` is null and nothing of theirs is shared until they accept (DECISIONS.md §12).
 */
export const candidateCredentialsResult = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  /** True when an existing account was linked by this call; never, since linking needs the seeker's acceptance. */
  linkedExisting: z.boolean(),
  /** True when the email is a job seeker's own account: an invitation waits for their answer. */
  invited: z.boolean(),
  /** False when an invitation was already waiting: no second mail was sent. */
  mailed: z.boolean(),
});

const credentialsInput = z.object({ _id: mongoId() }).strict();

export const candidateCredentials = defineWorkflow({
  name: 'candidateCredentials',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/credentials',
  who: ['CRM_USER'],
  access: { module: 'Candidate', feature: 'Credentials' },
  level: 'WRITE',
  summary:
    'Makes the candidate a JOB_SEEKER sign-in and mails it; for an existing job seeker with the email, mails them an invitation to link instead (nothing shared until they accept); _id is the candidate’s',
  input: credentialsInput,
  output: candidateCredentialsResult,
});

export const candidateCredentialsReset = defineWorkflow({
  name: 'candidateCredentialsReset',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/credentials-reset',
  who: ['CRM_USER'],
  access: { module: 'Candidate', feature: 'Credentials' },
  level: 'WRITE',
  summary:
    'Mails the candidate’s account a new temporary password: only an account this organisation’s credentials made, until its holder chooses their own password',
  input: credentialsInput,
  output: candidateCredentialsResult,
});

/** crm.md §3 notice periods: a per-organisation list of labels and days (seeded with sensible defaults). */
const noticePeriodEditable = z.object({
  label: z.string({ error: 'Please provide label' }).trim().min(1, 'Please provide label').max(100),
  valueInDays: z.number({ error: 'Please provide days' }).int().min(0).max(3650),
});

export const crmNoticePeriod = defineResource({
  name: 'CrmNoticePeriod',
  table: 'crm_notice_periods',
  tenancy: 'organisation',
  access: { module: 'CrmNoticePeriod' },
  labelField: 'label',
  fields: noticePeriodEditable,
  create: noticePeriodEditable.strict(),
  update: noticePeriodEditable.partial().extend({ _id: mongoId() }).strict(),
  search: ['label'],
  filters: { createdAt: filterDateRange },
  order: [
    { field: 'valueInDays', direction: 'asc' },
    { field: 'createdAt', direction: 'asc' },
  ],
  unique: [{ fields: ['label'], message: 'This notice period already exists' }],
  calls: {
    create: { method: 'POST', path: '/crm/notice-period/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/crm/notice-period/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/crm/notice-period/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/crm/notice-period/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/crm/notice-period/delete', who: ['CRM_USER'] },
  },
});

/** The notice periods every organisation starts with. */
export const defaultNoticePeriods = [
  { label: 'Immediate', valueInDays: 0 },
  { label: '1 week', valueInDays: 7 },
  { label: '2 weeks', valueInDays: 14 },
  { label: '1 month', valueInDays: 30 },
  { label: '2 months', valueInDays: 60 },
  { label: '3 months', valueInDays: 90 },
] as const;
