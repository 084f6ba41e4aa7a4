import { z } from 'zod';
import { PLATFORM } from '../../access';
import { boardPhone, slug } from '../../conventions/career';
import {
  address,
  email,
  genericStatus,
  linkedInLinkField,
  password,
  socialMedia,
  uploadedFile,
  websiteField,
} from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue, listResult } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { signInResult } from '../auth';

export const recruiterTypes = ['COMPANY', 'RECRUITMENT_AGENCY'] as const;
export const recruiterType = z.enum(recruiterTypes, { error: 'Recruiter type must be COMPANY or RECRUITMENT_AGENCY' });

const name = z.string({ error: 'Please enter company name' }).trim().min(1, 'Please enter company name').max(200);
const aboutUs = z
  .string({ error: 'Please tell job seekers about your company' })
  .trim()
  .min(1, 'Please tell job seekers about your company')
  .max(20_000);
const industries = z.array(mongoId('industryId'), { error: 'Please select industries' }).max(20);
const location = address;

const companyFields = z.object({
  name,
  email: email(),
  phone: boardPhone,
  aboutUs: aboutUs.nullable(),
  recruiterType,
  linkedInLink: linkedInLinkField().optional().nullable(),
  website: websiteField().optional().nullable(),
  status: genericStatus,
  isVerified: z.boolean(),
  profileImg: uploadedFile.optional().nullable(),
  location: location.nullable(),
  industries: z.array(mongoId('industryId')),
  socialMedia: z.array(socialMedia),
  slug,
  /** None for an agency's board company, which its staff run from the CRM. */
  userId: mongoId('userId').nullable(),
});

/** What anyone may see of a company: not its account, its contact email and phone, or who wrote it. */
const privateCompanyFields = { email: true, phone: true, userId: true, ownerId: true, createdBy: true, updatedBy: true } as const;

/** A company or agency on the job board; its account is a RECRUITER user. */
export const recruiterCompany = defineResource({
  name: 'RecruiterCompany',
  table: 'recruiter_companies',
  tenancy: 'owner',
  labelField: 'name',
  references: { industries: { resource: 'Industry' } },
  itemIdPrefix: 'COM',
  fields: companyFields,
  create: z.never(),
  update: z.never(),
  status: genericStatus,
  search: ['name', 'email', 'itemId.combined'],
  filters: {
    recruiterType: filterValue(recruiterType),
    industries: filterId('industryId'),
    isVerified: filterValue(z.boolean()),
    status: filterValue(genericStatus),
    createdAt: filterDateRange,
  },
  unique: [
    { fields: ['email'], message: 'This email is already registered', global: true },
    { fields: ['slug'], message: 'This slug is already taken', global: true },
  ],
  screen: {
    area: 'admin',
    path: 'companies',
    // The admin lists and edits companies through workflows of its own (admin-board.ts), open to the platform's admins.
    menu: { group: 'Job board', label: 'Recruiter companies', icon: 'building-store', order: 30, shownTo: PLATFORM },
  },
  calls: {
    list: {
      method: 'POST',
      path: '/recruiter/company/list',
      who: ['public'],
      summary: 'Active companies, for the public directory',
      output: (record) => listResult(record.omit(privateCompanyFields)),
    },
  },
});

/** A company as the public sees it (its page, the directory). */
export const publicCompanyRecord = recordSchema(recruiterCompany).omit(privateCompanyFields);
export type PublicCompany = z.infer<typeof publicCompanyRecord>;

export const registerCompany = defineWorkflow({
  name: 'registerCompany',
  tag: 'RecruiterCompany',
  method: 'POST',
  path: '/recruiter/company/register',
  who: ['public'],
  summary: 'Registers a company and its RECRUITER account, and signs it in (answers like login)',
  input: z
    .object({
      name,
      email: email(),
      phone: boardPhone,
      aboutUs,
      recruiterType: recruiterType.default('COMPANY'),
      website: websiteField().optional(),
      linkedInLink: linkedInLinkField().optional(),
      location: location.optional(),
      industries: industries.optional(),
      password,
    })
    .strict(),
  output: signInResult,
});

/** The recruiter's own changes answer their company's whole record. */
const recruiterWorkflow = <S extends z.ZodType>(name: string, path: string, input: S, summary?: string) =>
  defineWorkflow({
    name,
    tag: 'RecruiterCompany',
    method: 'POST',
    path,
    who: ['RECRUITER'],
    input,
    output: recordSchema(recruiterCompany),
    summary,
  });

export const updateCompanyAbout = recruiterWorkflow('updateCompanyAbout', '/recruiter/company/updateAbout', z.object({ aboutUs }).strict());
export const updateCompanyIndustries = recruiterWorkflow(
  'updateCompanyIndustries',
  '/recruiter/company/updateIndustries',
  z.object({ industries }).strict(),
);
export const updateCompanySocialMedia = recruiterWorkflow(
  'updateCompanySocialMedia',
  '/recruiter/company/updateSocialMedia',
  z.object({ socialMedia: z.array(socialMedia, { error: 'Please provide social media links' }).max(20) }).strict(),
);
export const updateCompanyContactDetails = recruiterWorkflow(
  'updateCompanyContactDetails',
  '/recruiter/company/updateContactDetails',
  z
    .object({
      name,
      email: email(),
      phone: boardPhone,
      location: z.object(location.shape, { error: 'Please enter location' }),
      website: websiteField().optional().nullable(),
      linkedInLink: linkedInLinkField().optional().nullable(),
      profileImg: uploadedFile.optional().nullable(),
    })
    .strict(),
);

export const myCompany = defineWorkflow({
  name: 'myCompany',
  tag: 'RecruiterCompany',
  method: 'GET',
  path: '/recruiter/company/profile',
  who: ['RECRUITER'],
  inputFrom: 'query',
  summary: 'The signed-in recruiter’s own company (not in the spec)',
  input: z.object({}).strict(),
  output: recordSchema(recruiterCompany),
});

export const companyBySlug = defineWorkflow({
  name: 'companyBySlug',
  tag: 'RecruiterCompany',
  method: 'POST',
  path: '/recruiter/company/details-by-slug',
  who: ['public'],
  summary: 'A company’s public page (not in the spec)',
  input: z.object({ slug: z.string({ error: 'Please provide a slug' }).trim().min(1, 'Please provide a slug') }).strict(),
  output: publicCompanyRecord,
});
