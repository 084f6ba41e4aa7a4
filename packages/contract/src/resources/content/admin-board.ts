import { z } from 'zod';
import { PLATFORM } from '../../access';
import { boardPhone } from '../../conventions/career';
import { address, email, genericStatus, personName, socialMedia, uploadedFile, webLink } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, filterValue, listRequest } from '../../conventions/list';
import { recordId, recordListSchema, recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { recruiterCompany, recruiterType } from '../job-board/company';
import { jobSeeker, preferences } from '../job-board/job-seeker';

const admin = <S extends z.ZodType, O extends z.ZodType>(name: string, tag: string, path: string, input: S, output: O, summary?: string) =>
  defineWorkflow({ name, tag, method: 'POST', path, who: PLATFORM, input, output, summary });

const companyName = z.string({ error: 'Please enter company name' }).trim().min(1, 'Please enter company name').max(200);
const aboutUs = z
  .string({ error: 'Please tell job seekers about your company' })
  .trim()
  .min(1, 'Please tell job seekers about your company')
  .max(20_000);
const link = webLink().optional().nullable();

/** What a platform admin may set on a company; _id, itemId and isVerified are not among them. */
const adminCompanyFields = z.object({
  name: companyName,
  email: email(),
  phone: boardPhone,
  aboutUs,
  recruiterType: recruiterType.default('COMPANY'),
  website: link,
  linkedInLink: link,
  status: genericStatus.default('ACTIVE'),
  profileImg: uploadedFile.optional().nullable(),
  location: address.optional().nullable(),
  industries: z.array(mongoId('industryId')).max(20).optional(),
  socialMedia: z.array(socialMedia).max(20).optional(),
});

export const adminAddRecruiter = admin(
  'adminAddRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/add',
  adminCompanyFields.strict(),
  recordSchema(recruiterCompany),
  'Adds a company and its RECRUITER account; the recruiter sets a password through forgot-password',
);
/** The sign-in email belongs to the account and is not changed here. */
export const adminUpdateRecruiter = admin(
  'adminUpdateRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/update',
  adminCompanyFields.omit({ email: true }).partial().extend({ _id: mongoId() }).strict(),
  recordSchema(recruiterCompany),
);
export const adminListRecruiters = admin(
  'adminListRecruiters',
  'RecruiterCompany',
  '/admin/recruiter/list',
  listRequest(recruiterCompany.filters),
  recordListSchema(recruiterCompany),
);
export const adminFindRecruiter = admin(
  'adminFindRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/find',
  z.object({ _id: mongoId() }).strict(),
  recordSchema(recruiterCompany),
);
export const adminVerifyRecruiter = admin(
  'adminVerifyRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/updateCompanyVerification',
  z.object({ _id: mongoId(), isVerified: z.boolean({ error: 'isVerified must be true or false' }) }).strict(),
  recordSchema(recruiterCompany),
);

// --- Job seekers -------------------------------------------------------------------------------

const adminSeekerFields = z.object({
  name: personName,
  email: email(),
  phone: boardPhone,
  address: address.optional().nullable(),
  about: z.string().trim().max(5000).optional().nullable(),
  linkedInLink: link,
  status: genericStatus.default('ACTIVE'),
  profileImg: uploadedFile.optional().nullable(),
  preferences: preferences.optional().nullable(),
});

export const adminAddJobSeeker = admin(
  'adminAddJobSeeker',
  'JobSeeker',
  '/admin/job-seeker/addJobSeeker',
  adminSeekerFields.strict(),
  recordSchema(jobSeeker),
  'Adds a job seeker and their account; they set a password through forgot-password',
);
/** The sign-in email belongs to the account and is not changed here. */
export const adminUpdateJobSeeker = admin(
  'adminUpdateJobSeeker',
  'JobSeeker',
  '/admin/job-seeker/updateJobSeeker',
  adminSeekerFields.omit({ email: true }).partial().extend({ _id: mongoId() }).strict(),
  recordSchema(jobSeeker),
);
export const adminListJobSeekers = admin(
  'adminListJobSeekers',
  'JobSeeker',
  '/admin/job-seeker/list',
  listRequest(jobSeeker.filters),
  recordListSchema(jobSeeker),
);
export const adminGetJobSeeker = admin(
  'adminGetJobSeeker',
  'JobSeeker',
  '/admin/job-seeker/get-job-seeker',
  z.object({ _id: mongoId() }).strict(),
  recordSchema(jobSeeker),
);
export const adminDeleteJobSeeker = admin(
  'adminDeleteJobSeeker',
  'JobSeeker',
  '/admin/job-seeker/delete-job-seeker',
  z.object({ _id: mongoId() }).strict(),
  recordId,
  'Deletes the job seeker and closes their account',
);

export const referenceStatus = z.enum(['PENDING', 'VERIFIED', 'DECLINED'], { error: 'Status must be PENDING, VERIFIED or DECLINED' });
const companyNameRequired = z.string({ error: 'Company Name is Required' }).trim().min(1, 'Company Name is Required').max(200);
const referenceInput = z.object({
  jobSeekerId: mongoId('jobSeekerId'),
  companyName: companyNameRequired,
  refereeName: z.string().trim().max(200).optional().nullable(),
  email: email().optional().nullable(),
  phone: z.string().trim().max(30).optional().nullable(),
  designation: z.string().trim().max(200).optional().nullable(),
});
const referenceFields = referenceInput.extend({ status: referenceStatus });

export const jobSeekerReference = defineResource({
  name: 'JobSeekerReference',
  table: 'job_seeker_references',
  tenancy: 'platform',
  fields: referenceFields,
  /** Adding a reference omits status: it starts PENDING. */
  create: referenceInput.strict(),
  update: referenceFields.omit({ jobSeekerId: true }).partial().extend({ _id: mongoId() }).strict(),
  status: referenceStatus,
  search: ['companyName', 'refereeName', 'email'],
  filters: { jobSeekerId: filterId('jobSeekerId'), status: filterValue(referenceStatus) },
  calls: {
    create: { method: 'POST', path: '/admin/job-seeker/reference', who: PLATFORM },
    update: { method: 'PUT', path: '/admin/job-seeker/reference', who: PLATFORM },
  },
});

/** The spec's reference list takes `jobSeekerId` beside the usual paging; `filter.jobSeekerId` works too. */
export const listJobSeekerReferences = admin(
  'listJobSeekerReferences',
  'JobSeekerReference',
  '/admin/job-seeker/reference/list',
  listRequest(jobSeekerReference.filters).extend({ jobSeekerId: mongoId('jobSeekerId').optional() }),
  recordListSchema(jobSeekerReference),
);

// --- Dashboard ---------------------------------------------------------------------------------

/** What the admin console's home shows: one number per part of the platform. */
export const adminDashboardCountsAnswer = z.object({
  jobSeekers: z.number().int(),
  recruiterCompanies: z.number().int(),
  publishedJobs: z.number().int(),
  /** Applications made in the last seven days. */
  applicationsThisWeek: z.number().int(),
  /** Contact queries nobody has replied to yet (status NEW). */
  openContactQueries: z.number().int(),
});
export type AdminDashboardCounts = z.infer<typeof adminDashboardCountsAnswer>;

export const adminDashboardCounts = defineWorkflow({
  name: 'adminDashboardCounts',
  tag: 'AdminDashboard',
  method: 'GET',
  path: '/admin/dashboard',
  who: PLATFORM,
  inputFrom: 'query',
  summary:
    'Counts for the admin console’s home: job seekers, recruiter companies, published jobs, applications in the last 7 days, NEW contact queries (not in the spec)',
  input: z.object({}).strict(),
  output: adminDashboardCountsAnswer,
});
