import { z } from 'zod';
import { PLATFORM } from '../../access';
import { boardPhone, education, languageItem, skillItem, workHistory } from '../../conventions/career';
import {
  address,
  checkSalaryRange,
  email,
  fileLink,
  genericStatus,
  linkedInLinkField,
  password,
  personName,
  uploadedFile,
} from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { experienceValues, workModelValues } from '../../lookups';
import { signInResult } from '../auth';

export const preferences = z.object({
  preferredLocation: address.optional().nullable(),
  jobTypes: z.array(z.number().int()).max(20).default([]),
  industries: z.array(mongoId('industryId')).max(50).default([]),
  workModel: z.array(z.enum(workModelValues)).max(3).default([]),
  experience: z.enum(experienceValues).optional().nullable(),
  expectedSalary: z
    .object({
      min: z.number({ error: 'Please enter the minimum salary as a number' }).min(0, 'Salary cannot be negative').optional(),
      max: z.number({ error: 'Please enter the maximum salary as a number' }).min(0, 'Salary cannot be negative').optional(),
      duration: z.string().optional(),
    })
    .superRefine(checkSalaryRange)
    .optional()
    .nullable(),
  currentJobTitle: z.string().trim().max(200).optional().nullable(),
  desiredJobTitle: z.string().trim().max(200).optional().nullable(),
  travelOption: z.number().int().optional().nullable(),
  ukDrivingLicence: z.boolean().default(false),
  willingToRelocate: z.boolean().default(false),
  noticePeriodId: mongoId('noticePeriodId').optional().nullable(),
});

const linkedInLink = z.string().trim().max(500).optional().nullable();

export const jobSeekerFields = z.object({
  userId: mongoId('userId'),
  name: personName,
  email: email(),
  phone: boardPhone,
  cvDetail: uploadedFile.nullable(),
  profileImg: uploadedFile.nullable(),
  address: address.nullable(),
  about: z.string().nullable(),
  linkedInLink,
  status: genericStatus,
  candidateId: mongoId('candidateId').nullable(),
  preferences: preferences.nullable(),
  skills: z.array(skillItem),
  personalSkills: z.array(skillItem),
  languages: z.array(languageItem),
  education: z.array(education),
  workHistory: z.array(workHistory),
  appliedJobCount: z.number().int(),
  referencesCount: z.number().int(),
});

/** The job seeker record; its own calls are the workflows below, the admin's come with the admin console. */
export const jobSeeker = defineResource({
  name: 'JobSeeker',
  table: 'job_seekers',
  tenancy: 'owner',
  itemIdPrefix: 'JS',
  fields: jobSeekerFields,
  create: z.never(),
  update: z.never(),
  status: genericStatus,
  search: ['name.fullName', 'email', 'phone', 'itemId.combined'],
  filters: { status: filterValue(genericStatus), createdAt: filterDateRange },
  unique: [{ fields: ['email'], message: 'This email is already registered', global: true }],
  screen: {
    area: 'admin',
    path: 'job-seekers',
    // The admin lists and edits job seekers through workflows of its own (admin-board.ts), open to the platform's admins.
    menu: { group: 'Job board', label: 'Job seekers', icon: 'user-search', order: 20, shownTo: PLATFORM },
  },
  calls: {},
});

/** The seeker's own calls answer their whole record unless they say otherwise. */
const seekerWorkflow = <S extends z.ZodType, O extends z.ZodType = ReturnType<typeof recordSchema<typeof jobSeeker>>>(
  name: string,
  method: 'POST' | 'GET',
  path: string,
  input: S,
  summary?: string,
  output: O = recordSchema(jobSeeker) as never,
) =>
  defineWorkflow({
    name,
    tag: 'JobSeeker',
    method,
    path,
    who: ['JOB_SEEKER'],
    input,
    output,
    summary,
    ...(method === 'GET' ? { inputFrom: 'query' as const } : {}),
  });

export const registerJobSeeker = defineWorkflow({
  name: 'registerJobSeeker',
  tag: 'JobSeeker',
  method: 'POST',
  path: '/job-seeker/',
  who: ['public'],
  summary: 'Registers a job seeker and signs them in (answers like login)',
  input: z.object({ name: personName, email: email(), phone: boardPhone, password }).strict(),
  output: signInResult,
});

export const myJobSeekerProfile = seekerWorkflow(
  'myJobSeekerProfile',
  'GET',
  '/job-seeker/profile',
  z.object({}).strict(),
  'The signed-in job seeker’s own profile (not in the spec)',
);

export const updateJobSeekerDetails = seekerWorkflow(
  'updateJobSeekerDetails',
  'POST',
  '/job-seeker/updateDetails',
  z
    .object({
      name: personName,
      phone: boardPhone,
      address: address,
      email: email(),
      linkedInLink: z.string({ error: 'Please enter your LinkedIn link' }).pipe(linkedInLinkField()),
    })
    .strict(),
  'Name, phone, address, email and LinkedIn; email and phone must stay the same here (they change with codes)',
);

export const updateJobSeekerProfile = seekerWorkflow(
  'updateJobSeekerProfile',
  'POST',
  '/job-seeker/updateProfile',
  z
    .object({
      /** Optional, as the CV builder's photo is: an introduction saves without one. */
      profileImg: uploadedFile.optional().nullable(),
      about: z.string({ error: 'Please tell employers about yourself' }).trim().max(5000),
    })
    .strict(),
);

export const updateJobSeekerPreferences = seekerWorkflow(
  'updateJobSeekerPreferences',
  'POST',
  '/job-seeker/updatePreferences',
  z.object({ preferences: z.object(preferences.shape, { error: 'Please provide preferences' }) }).strict(),
);

/**
 * A skill or language from the list (its id), or typed in by name: the server links a typed name to
 * the list's entry of that name, or records it for a platform admin to approve.
 */
const typedIn = <S extends z.ZodObject>(item: S, idKey: 'skillId' | 'languageId', missing: string) =>
  item
    .extend({ [idKey]: mongoId(idKey).optional(), label: z.string().trim().max(200, 'A name must be at most 200 characters').optional() })
    .refine((entry) => Boolean(entry[idKey] || entry.label), { message: missing, path: ['label'] });
const seekerSkill = typedIn(skillItem, 'skillId', 'Please choose or type a skill');
const seekerLanguage = typedIn(languageItem, 'languageId', 'Please choose or type a language');

export const updateJobSeekerSkills = seekerWorkflow(
  'updateJobSeekerSkills',
  'POST',
  '/job-seeker/updateSkills',
  z
    .object({
      skills: z.array(seekerSkill, { error: 'Please provide skills' }).max(100),
      personalSkills: z.array(seekerSkill).max(100).optional(),
    })
    .strict(),
);

export const updateJobSeekerLanguages = seekerWorkflow(
  'updateJobSeekerLanguages',
  'POST',
  '/job-seeker/updateLanguages',
  z.object({ languages: z.array(seekerLanguage, { error: 'Please provide languages' }).max(50) }).strict(),
);

export const updateJobSeekerEducation = seekerWorkflow(
  'updateJobSeekerEducation',
  'POST',
  '/job-seeker/updateEducation',
  z.object({ education: z.array(education, { error: 'Please provide education' }).max(30) }).strict(),
  'Replaces the education list (not in the spec; the profile editor needs it)',
);

export const updateJobSeekerWorkHistory = seekerWorkflow(
  'updateJobSeekerWorkHistory',
  'POST',
  '/job-seeker/updateWorkHistory',
  z.object({ workHistory: z.array(workHistory, { error: 'Please provide work history' }).max(50) }).strict(),
  'Replaces the work history (not in the spec; the profile editor needs it)',
);

export const updateJobSeekerCv = defineWorkflow({
  name: 'updateJobSeekerCv',
  tag: 'JobSeeker',
  method: 'POST',
  path: '/job-seeker/updateCv',
  who: ['JOB_SEEKER'],
  inputFrom: 'multipart',
  summary: 'Uploads the CV file (multipart, one file under the key `file`: PDF, DOC or DOCX, 10 MB)',
  input: z.object({}),
  output: recordSchema(jobSeeker),
});

export const jobSeekerCvUrl = seekerWorkflow(
  'jobSeekerCvUrl',
  'GET',
  '/job-seeker/getCvUrl',
  z.object({ cvId: mongoId('cvId').optional() }).strict(),
  'An expiring link to the uploaded CV (or, with cvId, to that CV)',
  fileLink,
);

const code = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int()
    .min(0)
    .max(999_999);

export const updateJobSeekerEmail = seekerWorkflow(
  'updateJobSeekerEmail',
  'POST',
  '/job-seeker/update-email',
  z
    .object({
      email: z.string({ error: 'email must be a string' }),
      newEmail: z.string({ error: 'newEmail must be a string' }),
      otp: code('otp'),
      secondaryOtp: code('secondaryOtp'),
    })
    .strict(),
  'Changes the email with the two codes from POST /api/auth/send-otp',
);

export const updateJobSeekerPhone = seekerWorkflow(
  'updateJobSeekerPhone',
  'POST',
  '/job-seeker/update-phone',
  z
    .object({
      phone: z.string({ error: 'phone must be a string' }),
      newPhone: z.string({ error: 'newPhone must be a string' }),
      otp: code('otp'),
      secondaryOtp: code('secondaryOtp'),
    })
    .strict(),
  'Changes the phone with the two codes from POST /api/auth/send-otp',
);
