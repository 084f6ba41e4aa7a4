/**
 * What a CV and a cover letter hold: the content the builders edit and the document engine renders
 * (packages/documents). The stored records (ids, owner, status, isDefault, rendered files) wrap these.
 */
import { z } from 'zod';
import { education, languageItem, skillItem, workHistory } from '../../conventions/career';
import { address, email, personName, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';

const required = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max = 500) => z.string().trim().max(max).optional().nullable();
/** A day or a moment, as the date pickers send them ("2021-01-15" or an ISO timestamp). */
const day = (message = 'Invalid date') => z.iso.date({ error: message }).or(z.iso.datetime({ offset: true, error: message }));

/** The templates the document engine draws; packages/documents holds one component for each slug. */
export const cvTemplateSlugs = ['classic', 'modern', 'compact', 'timeline'] as const;
export type CvTemplateSlug = (typeof cvTemplateSlugs)[number];
export const cvTemplateSlug = z.enum(cvTemplateSlugs, { error: `Template must be one of ${cvTemplateSlugs.join(', ')}` });

export const coverLetterTemplateSlugs = ['classic', 'modern', 'compact'] as const;
export type CoverLetterTemplateSlug = (typeof coverLetterTemplateSlugs)[number];
export const coverLetterTemplateSlug = z.enum(coverLetterTemplateSlugs, {
  error: `Template must be one of ${coverLetterTemplateSlugs.join(', ')}`,
});

export const defaultAccentColor = '#1f4e79';
export const accentColor = z
  .string({ error: 'Please choose an accent colour' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must look like #1f4e79')
  .toLowerCase();

/**
 * The CV's phone: a number, as the spec says, though people type spaces and a leading plus. Kept
 * as text (a number sent is taken as its digits), so it has one shape out and in the API docs.
 */
export const cvPhone = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: 'phone must be a number' })
    .trim()
    .refine((value) => /^\+?\d[\d ]{5,19}$/.test(value), 'phone must be a number'),
);

/** A rated skill on a CV: as on the profile, but the label is printed, so it must be there. */
export const cvSkill = skillItem.extend({
  skillId: mongoId('skillId').optional(),
  label: required('Please enter skill name', 200),
});
export type CvSkill = z.infer<typeof cvSkill>;

export const cvLanguage = languageItem.extend({
  languageId: mongoId('languageId').optional(),
  label: required('Please enter language', 200),
});
export type CvLanguage = z.infer<typeof cvLanguage>;
export const languageProficiencyLabels = { BASIC: 'Basic', CONVERSATIONAL: 'Conversational', FLUENT: 'Fluent', NATIVE: 'Native' } as const;

export const cvProject = z.object({
  _id: mongoId().optional(),
  title: required('Please enter project title', 200),
  link: z.string().trim().max(500).optional().nullable(),
  /** Free text: "Jan 2023 – Mar 2023", "6 months". */
  timeDuration: optionalText(100),
  description: z.string().trim().max(10_000).optional().nullable(),
});
export type CvProject = z.infer<typeof cvProject>;

export const publicationStatuses = ['PUBLISHED', 'ACCEPTED', 'UNDER_REVIEW', 'IN_PROGRESS'] as const;
export const publicationStatusLabels = {
  PUBLISHED: 'Published',
  ACCEPTED: 'Accepted',
  UNDER_REVIEW: 'Under review',
  IN_PROGRESS: 'In progress',
} as const;
export const cvPublication = z.object({
  _id: mongoId().optional(),
  topicName: required('Please enter topic name', 300),
  publicationsName: optionalText(300),
  publisherName: optionalText(300),
  isbnNumber: optionalText(40),
  coAuthor: optionalText(300),
  publishedDate: day().optional().nullable(),
  publicationStatus: z.enum(publicationStatuses, { error: 'Please choose a publication status' }).default('PUBLISHED'),
});
export type CvPublication = z.infer<typeof cvPublication>;

export const cvCertification = z.object({
  _id: mongoId().optional(),
  courseName: required('Please enter course name', 300),
  organization: optionalText(300),
  completionDate: day().optional().nullable(),
});
export type CvCertification = z.infer<typeof cvCertification>;

export const cvReference = z.object({
  _id: mongoId().optional(),
  name: required('Please enter name', 200),
  company: required('Company Name is Required', 200),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(320).pipe(z.email('Please enter a valid email'))])
    .optional()
    .nullable(),
  phone: optionalText(30),
  relationship: optionalText(200),
});
export type CvReference = z.infer<typeof cvReference>;

/** The sections a seeker may move; contact details stay in the header. */
export const cvSectionKeys = [
  'profile',
  'experience',
  'education',
  'skills',
  'personalSkills',
  'languages',
  'projects',
  'publications',
  'certifications',
  'references',
  'hobbies',
] as const;
export type CvMovableSection = (typeof cvSectionKeys)[number];

/** The content of a CV: everything the builder edits and a template prints. */
export const cvDocument = z.object({
  cvTitle: z.string().trim().max(200).default('My CV'),
  templateSlug: cvTemplateSlug.default('classic'),
  accentColor: accentColor.default(defaultAccentColor),
  name: personName,
  designation: required('Please enter designation', 200),
  email: email(),
  phone: cvPhone.optional().nullable(),
  profileImg: uploadedFile.optional().nullable(),
  address: address.optional().nullable(),
  linkedInLink: z.string().trim().max(500).optional().nullable(),
  ukDrivingLicence: z.boolean().default(false),
  professionalSummary: required('Please enter professional summary', 10_000),
  skills: z.array(cvSkill).max(100).default([]),
  personalSkills: z.array(cvSkill).max(100).default([]),
  languages: z.array(cvLanguage).max(50).default([]),
  hobbies: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  projects: z.array(cvProject).max(50).default([]),
  publications: z.array(cvPublication).max(100).default([]),
  education: z.array(education).max(30).default([]),
  workHistory: z.array(workHistory).max(50).default([]),
  certifications: z.array(cvCertification).max(100).default([]),
  references: z.array(cvReference).max(20).default([]),
  /**
   * The seeker's order for the sections; empty keeps the template's own. Sections left out follow
   * in the template's order. Two-column templates keep each section in its column.
   */
  sectionOrder: z
    .array(z.enum(cvSectionKeys, { error: `A section must be one of ${cvSectionKeys.join(', ')}` }))
    .max(cvSectionKeys.length)
    .refine((keys) => new Set(keys).size === keys.length, 'Each section may appear once in the order')
    .default([]),
});
/** A valid CV, defaults applied: what the templates take. */
export type CvDocument = z.infer<typeof cvDocument>;
/** What the builder sends. */
export type CvDocumentInput = z.input<typeof cvDocument>;

/** Cover letters are for UK numbers only: 44 and ten more digits (spaces are ignored). */
export const coverLetterPhone = z
  .string({ error: 'Please enter phone number.' })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .refine((value) => value.length > 0, 'Please enter phone number.')
  .refine((value) => /^44\d{10}$/.test(value), 'Only numbers of UK are supported right now.');

export const coverLetterJobSeekerDetails = z.object({
  name: personName,
  email: email(),
  phone: coverLetterPhone,
  designation: required('Please enter designation', 200),
  address: address.optional().nullable(),
  linkedInLink: z.string().trim().max(500).optional().nullable(),
});
export type CoverLetterJobSeekerDetails = z.infer<typeof coverLetterJobSeekerDetails>;

export const coverLetterRecipientDetails = z.object({
  /** Who the letter is addressed to; "Hiring Manager" when empty. */
  name: optionalText(200),
  companyName: required('Please enter company name', 200),
  /** The position applied for: printed as the letter's subject line. */
  jobTitle: required('Please enter title', 200),
  address: address.optional().nullable(),
});
export type CoverLetterRecipientDetails = z.infer<typeof coverLetterRecipientDetails>;

export const coverLetterSubSection = z.object({
  subSectionId: mongoId('subSectionId').optional(),
  orderNumber: z.number().int().min(0).default(0),
  /** Simple HTML (p, strong, em, u, ul, ol, li, br) or plain text. */
  content: z.string().max(20_000).default(''),
});
export type CoverLetterSubSection = z.infer<typeof coverLetterSubSection>;

export const coverLetterBodySection = z.object({
  sectionId: mongoId('sectionId'),
  orderNumber: z.number({ error: 'orderNumber must be a number' }).int().min(0),
  /** Simple HTML (p, strong, em, u, ul, ol, li, br) or plain text. */
  content: z.string().max(20_000).default(''),
  isDraggable: z.boolean().default(true),
  subSections: z.array(coverLetterSubSection).max(20).default([]),
});
export type CoverLetterBodySection = z.infer<typeof coverLetterBodySection>;

/** The content of a cover letter: what the builder edits and a template prints. */
export const coverLetterDocument = z.object({
  title: z.string().trim().max(200).default('Cover letter'),
  /** A cover-letter template's slug; the template names the built-in layout that draws it. */
  templateSlug: z
    .string({ error: 'Please choose a template' })
    .trim()
    .min(1, 'Please choose a template')
    .max(100)
    .regex(/^[a-z0-9-]+$/, 'Only a-z, 0-9 and "-" are allowed.')
    .default('classic'),
  accentColor: accentColor.default(defaultAccentColor),
  /** The date printed on the letter; none is printed when it is missing. */
  date: day().optional().nullable(),
  jobSeekerDetails: coverLetterJobSeekerDetails,
  recipientDetails: coverLetterRecipientDetails,
  bodySections: z.array(coverLetterBodySection).max(30).default([]),
});
export type CoverLetterDocument = z.infer<typeof coverLetterDocument>;
export type CoverLetterDocumentInput = z.input<typeof coverLetterDocument>;
