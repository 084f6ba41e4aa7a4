import type { Address, UploadedFile } from '@app/contract/conventions/common';
import type { ListResult } from '@app/contract/conventions/list';
import type { applicationStatuses } from '@app/contract/resources/job-board/application';
import type { recruiterCompany } from '@app/contract/resources/job-board/company';
import type { job } from '@app/contract/resources/job-board/job';
import type { jobSeeker } from '@app/contract/resources/job-board/job-seeker';
import type { RecordOf } from '../../kit/use-resource';
import type { Salary } from './labels';

export type ApplicationStatus = (typeof applicationStatuses)[number];

/** One result of the public search (POST /recruiter/job/list). */
export type JobSearchResult = {
  _id: string;
  title: string;
  slug: string;
  description: string | null;
  address: Address | null;
  salaries: Salary[];
  jobTypes: number[];
  workModel: string | null;
  experience: string | null;
  isFeaturedJob: boolean;
  postedOn: string | null;
  applicationEndDate: string | null;
  recruiterId: string;
  companyName: string;
  company: { _id: string; name: string; slug: string; profileImg: UploadedFile | null; isVerified: boolean };
  /** In the unit searched with, when a place was given. */
  distance: number | null;
};

export type JobSearchAnswer = ListResult<JobSearchResult> & {
  /** The place the search was around, as the server understood it. */
  location?: { label: string; radius?: number; unit?: 'mi' | 'km' };
};

/** A job as its page and its editor read it. */
/** The company card a public job answer carries. */
export type JobCompany = { _id: string; name: string; slug: string; profileImg?: unknown; isVerified: boolean };

export type JobRecord = RecordOf<typeof job> & { isOpen?: boolean; company?: JobCompany | null };

/** A company's own record (its public page answers the same without email, phone and user). */
export type CompanyRecord = RecordOf<typeof recruiterCompany>;

export type SeekerRecord = RecordOf<typeof jobSeeker>;

export type StatusChange = { status: ApplicationStatus; at: string; by?: string };

/** A job as applications and the wishlist carry it. */
export type JobSummary = {
  _id: string;
  title: string;
  slug: string;
  companyName: string;
  status: string;
  address: Address | null;
  workModel?: string | null;
  salaries?: Salary[];
  applicationEndDate?: string | null;
};
