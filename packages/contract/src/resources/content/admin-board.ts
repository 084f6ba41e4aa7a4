import { z } from 'zod';
import { PLATFORM } from '../../access';
import { boardPhone } from '../../conventions/career';
import { address, email, genericStatus, socialMedia, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { listRequest } from '../../conventions/list';
import { defineWorkflow } from '../../define-resource';
import { recruiterCompany, recruiterType } from '../job-board/company';

const admin = <S extends z.ZodType>(name: string, tag: string, path: string, input: S, summary?: string) =>
  defineWorkflow({ name, tag, method: 'POST', path, who: PLATFORM, input, summary });

const companyName = z.string({ error: 'Please enter company name' }).trim().min(1, 'Please enter company name').max(200);
const aboutUs = z
  .string({ error: 'Please tell job seekers about your company' })
  .trim()
  .min(1, 'Please tell job seekers about your company')
  .max(20_000);
const link = z.string().trim().max(500).optional().nullable();

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
  'Adds a company and its RECRUITER account; the recruiter sets a password through forgot-password',
);
/** The sign-in email belongs to the account and is not changed here. */
export const adminUpdateRecruiter = admin(
  'adminUpdateRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/update',
  adminCompanyFields.omit({ email: true }).partial().extend({ _id: mongoId() }).strict(),
);
export const adminListRecruiters = admin(
  'adminListRecruiters',
  'RecruiterCompany',
  '/admin/recruiter/list',
  listRequest(recruiterCompany.filters),
);
export const adminFindRecruiter = admin(
  'adminFindRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/find',
  z.object({ _id: mongoId() }).strict(),
);
export const adminVerifyRecruiter = admin(
  'adminVerifyRecruiter',
  'RecruiterCompany',
  '/admin/recruiter/updateCompanyVerification',
  z.object({ _id: mongoId(), isVerified: z.boolean({ error: 'isVerified must be true or false' }) }).strict(),
);
