import type { Address, PersonName, SocialMedia, UploadedFile } from '@app/contract/conventions/common';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const time = () => timestamp({ withTimezone: true, mode: 'date' });

export const jobSeekers = pgTable(
  'job_seekers',
  {
    ...baseColumns(),
    userId: text().notNull(),
    name: jsonb().$type<PersonName>().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    cvDetail: jsonb().$type<UploadedFile>(),
    profileImg: jsonb().$type<UploadedFile>(),
    address: jsonb().$type<Address>(),
    about: text(),
    linkedInLink: text(),
    status: text().notNull().default('ACTIVE'),
    candidateId: text(),
    preferences: jsonb(),
    skills: jsonb().notNull().default([]),
    personalSkills: jsonb().notNull().default([]),
    languages: jsonb().notNull().default([]),
    education: jsonb().notNull().default([]),
    workHistory: jsonb().notNull().default([]),
    appliedJobCount: integer().notNull().default(0),
    referencesCount: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('job_seekers_user').on(t.userId), index('job_seekers_created').on(t.createdAt)],
);

export const recruiterCompanies = pgTable(
  'recruiter_companies',
  {
    ...baseColumns(),
    /** Its RECRUITER account; none for an agency's board company (its `organisationId`), which staff run from the CRM. */
    userId: text(),
    name: text().notNull(),
    slug: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    aboutUs: text(),
    recruiterType: text().notNull().default('COMPANY'),
    linkedInLink: text(),
    website: text(),
    status: text().notNull().default('ACTIVE'),
    isVerified: boolean().notNull().default(false),
    profileImg: jsonb().$type<UploadedFile>(),
    location: jsonb().$type<Address>(),
    industries: jsonb().$type<string[]>().notNull().default([]),
    socialMedia: jsonb().$type<SocialMedia[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('recruiter_companies_user').on(t.userId),
    uniqueIndex('recruiter_companies_slug_live').on(t.slug).where(sql`not ${t.isDeleted}`),
    // An organisation's presence on the board (issue 29 point 5): one per organisation.
    uniqueIndex('recruiter_companies_organisation').on(t.organisationId).where(sql`not ${t.isDeleted}`),
  ],
);

/** Words a job is found by: title first, then company and skills, then the text (HTML stripped). */
const jobSearchText = (t: {
  title: SQL | unknown;
  companyName: unknown;
  skillText: unknown;
  description: unknown;
  content: unknown;
}): SQL =>
  sql`setweight(to_tsvector('english', coalesce(${t.title}, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(${t.companyName}, '') || ' ' || coalesce(${t.skillText}, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(${t.description}, '')), 'C') ||
      setweight(to_tsvector('english', regexp_replace(coalesce(${t.content}, ''), '<[^>]*>', ' ', 'g')), 'D')`;

export const jobs = pgTable(
  'jobs',
  {
    ...baseColumns(),
    recruiterId: text().notNull(),
    companyName: text().notNull(),
    title: text().notNull(),
    slug: text().notNull(),
    description: text(),
    content: text().notNull(),
    address: jsonb().$type<Address>(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    salaries: jsonb().notNull().default([]),
    /** The first salary, yearly, for the salary filter. */
    annualSalaryMin: doublePrecision(),
    annualSalaryMax: doublePrecision(),
    jobTypes: jsonb().$type<number[]>().notNull().default([]),
    industries: jsonb().$type<string[]>().notNull().default([]),
    workModel: text(),
    experience: text(),
    paidToRelocate: boolean().notNull().default(false),
    applicationStartDate: time(),
    applicationEndDate: time(),
    postedOn: time(),
    status: text().notNull().default('DRAFT'),
    isFeaturedJob: boolean().notNull().default(false),
    skills: jsonb().notNull().default([]),
    skillText: text(),
    applicantCount: integer().notNull().default(0),
    meta: jsonb(),
    pipelineId: text(),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        jobSearchText({
          title: sql.raw('"title"'),
          companyName: sql.raw('"company_name"'),
          skillText: sql.raw('"skill_text"'),
          description: sql.raw('"description"'),
          content: sql.raw('"content"'),
        }),
    ),
  },
  (t) => [
    uniqueIndex('jobs_slug_live').on(t.slug).where(sql`not ${t.isDeleted}`),
    index('jobs_search').using('gin', t.searchVector),
    index('jobs_public').on(t.status, t.isFeaturedJob, t.postedOn).where(sql`not ${t.isDeleted}`),
    index('jobs_location').on(t.latitude, t.longitude).where(sql`${t.status} = 'PUBLISHED' and not ${t.isDeleted}`),
    index('jobs_owner').on(t.ownerId, t.createdAt),
  ],
);

/**
 * The public search's own copy of each published job: only what finding, filtering and ordering
 * read (no text, no JSON for display). Kept by a trigger on `jobs` (migration 0005) in the same
 * transaction as every job write: a row for each published, live job, none for any other. Each API
 * process's search index (`areas/jobs/search-index.ts`) is loaded from it and follows its changes.
 */
export const jobSearchRows = pgTable(
  'job_search',
  {
    jobId: text().primaryKey(),
    recruiterId: text().notNull(),
    isFeaturedJob: boolean().notNull(),
    postedOn: time(),
    applicationStartDate: time(),
    applicationEndDate: time(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    annualSalaryMin: doublePrecision(),
    annualSalaryMax: doublePrecision(),
    jobTypes: jsonb().$type<number[]>().notNull(),
    industries: jsonb().$type<string[]>().notNull(),
    workModel: text(),
    experience: text(),
    searchVector: tsvector().notNull(),
  },
  (t) => [
    index('job_search_words').using('gin', t.searchVector),
    // Migration 0015 makes it carry every other column but the search vector (INCLUDE), for index-only walks by date.
    index('job_search_newest').on(t.isFeaturedJob, t.postedOn, t.jobId),
    index('job_search_location').on(t.latitude, t.longitude),
  ],
);

/**
 * Which open jobs and which companies changed, and in which transaction (its id, as a number), so
 * each API process's search index (`areas/jobs/search-index.ts`) catches up before every search with
 * only what changed. Written by triggers on `job_search` and `recruiter_companies` (migration 0018).
 */
export const jobSearchChanges = pgTable(
  'job_search_changes',
  {
    changed: bigint({ mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    jobId: text(),
    recruiterId: text(),
    at: time().notNull().defaultNow(),
  },
  (t) => [index('job_search_changes_changed').on(t.changed), index('job_search_changes_at').on(t.at)],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    ...baseColumns(),
    jobId: text().notNull(),
    jobSeekerId: text().notNull(),
    recruiterId: text().notNull(),
    status: text().notNull().default('APPLIED'),
    cv: jsonb(),
    coverLetter: text(),
    /** A saved cover letter sent with the application, as the PDF of that moment. */
    coverLetterFile: jsonb().$type<UploadedFile>(),
    statusHistory: jsonb().$type<{ status: string; at: string; by?: string }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('job_applications_once').on(t.jobId, t.jobSeekerId).where(sql`not ${t.isDeleted}`),
    index('job_applications_job').on(t.jobId, t.createdAt),
    index('job_applications_seeker').on(t.jobSeekerId, t.createdAt),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  { id: text().primaryKey(), jobSeekerId: text().notNull(), jobId: text().notNull(), createdAt: time().notNull().defaultNow() },
  (t) => [uniqueIndex('wishlist_items_once').on(t.jobSeekerId, t.jobId)],
);
