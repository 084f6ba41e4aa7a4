import type { applicationStatuses, jobSummary } from '@app/contract/resources/job-board/application';
import type { PublicCompany, recruiterCompany } from '@app/contract/resources/job-board/company';
import type { JobSearchAnswer, job, jobCompanyCard, jobSearchResult, PublicJob } from '@app/contract/resources/job-board/job';
import type { jobSeeker } from '@app/contract/resources/job-board/job-seeker';
import type { z } from 'zod';
import type { RecordOf } from '../../kit/use-resource';

export type ApplicationStatus = (typeof applicationStatuses)[number];

/** One result of the public search (POST /recruiter/job/list), as the contract declares it. */
export type JobSearchResult = z.infer<typeof jobSearchResult>;

export type { JobSearchAnswer };

/** The company card a public job answer carries. */
export type JobCompany = z.infer<typeof jobCompanyCard>;

/** A job as its page and its editor read it: the public answer, or the owner's record (with who wrote it). */
export type JobRecord = PublicJob | (RecordOf<typeof job> & Partial<Pick<PublicJob, 'isOpen' | 'company'>>);

/** A company's own record. */
export type CompanyRecord = RecordOf<typeof recruiterCompany>;

/** A company as the public sees it (its page, the directory, the card beside a job). */
export type { PublicCompany };

export type SeekerRecord = RecordOf<typeof jobSeeker>;

export type StatusChange = { status: ApplicationStatus; at: string; by?: string };

/** A job as applications and the wishlist carry it. */
export type JobSummary = z.infer<typeof jobSummary>;
