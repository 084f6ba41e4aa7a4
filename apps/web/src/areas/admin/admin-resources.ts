import {
  adminAddJobSeeker,
  adminAddRecruiter,
  adminDeleteJobSeeker,
  adminFindRecruiter,
  adminGetJobSeeker,
  adminListJobSeekers,
  adminListRecruiters,
  adminUpdateJobSeeker,
  adminUpdateRecruiter,
  jobSeekerReference,
  listJobSeekerReferences,
} from '@app/contract/resources/content/admin-board';
import { author, engagementTemplate, removeAuthor, removeEngagementTemplate } from '@app/contract/resources/content/article';
import { recruiterCompany } from '@app/contract/resources/job-board/company';
import { jobSeeker } from '@app/contract/resources/job-board/job-seeker';
import type { RecordOf } from '../../kit/use-resource';
import { withCalls } from '../../kit/with-calls';

/**
 * The resources of the admin console as the admin reaches them: the spec gives platform admins
 * workflows of their own for companies and job seekers, and makes two deletes workflows.
 */
export const adminCompanies = withCalls(recruiterCompany, {
  list: adminListRecruiters,
  details: adminFindRecruiter,
  create: adminAddRecruiter,
  update: adminUpdateRecruiter,
});
export type CompanyRecord = RecordOf<typeof adminCompanies>;

export const adminJobSeekers = withCalls(jobSeeker, {
  list: adminListJobSeekers,
  details: adminGetJobSeeker,
  create: adminAddJobSeeker,
  update: adminUpdateJobSeeker,
  remove: adminDeleteJobSeeker,
});
export type JobSeekerRecord = RecordOf<typeof adminJobSeekers>;

export const seekerReferences = withCalls(jobSeekerReference, { list: listJobSeekerReferences });

export const adminAuthors = withCalls(author, { remove: removeAuthor });

export const adminTemplates = withCalls(engagementTemplate, { remove: removeEngagementTemplate });
