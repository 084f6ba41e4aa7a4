import type { Address, IdName, PersonName, UploadedFile } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const candidates = pgTable(
  'candidates',
  {
    ...baseColumns(),
    userId: text(),
    name: jsonb().$type<PersonName>().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: jsonb().$type<Address>(),
    about: text(),
    linkedInLink: text(),
    gitHubLink: text(),
    profileImg: jsonb().$type<UploadedFile>(),
    cvDetail: jsonb().$type<UploadedFile>(),
    preferences: jsonb(),
    skills: jsonb().notNull().default([]),
    personalSkills: jsonb().notNull().default([]),
    languages: jsonb().notNull().default([]),
    workHistory: jsonb().notNull().default([]),
    projects: jsonb().notNull().default([]),
    education: jsonb().notNull().default([]),
    instituteInfo: jsonb(),
    status: text().notNull().default('ACTIVE'),
    mergedInto: text(),
    /** The candidate's own contact card (a Contact with selfContact), kept in step with the name, email and phone. */
    selfContactId: text(),
    /** Other contacts linked to the candidate (referees, a partner, an agent). */
    contactIds: jsonb().$type<string[]>().notNull().default([]),
    // Derived on every write (never sent): what duplicates and filters compare, each indexed.
    emailNormalised: text().notNull(),
    phoneNormalised: text().notNull(),
    noticePeriodId: text(),
    city: text(),
    skillIds: jsonb().$type<string[]>().notNull().default([]),
    jobTypes: jsonb().$type<number[]>().notNull().default([]),
    workModel: jsonb().$type<string[]>().notNull().default([]),
    /**
     * What a recruiter searches for beside the name: the skills' labels (from the skills table),
     * current and desired job title, town, preferred town and postcode, in lower case one a line.
     * Written by the database before every insert and update (migration 0024's trigger), so no
     * write path (import, bulk, merge, SQL) goes around it.
     */
    keywords: text().notNull().default(''),
  },
  (t) => [
    index('candidates_organisation_created').on(t.organisationId, t.createdAt),
    index('candidates_organisation_email').on(t.organisationId, t.emailNormalised),
    index('candidates_organisation_phone').on(t.organisationId, t.phoneNormalised),
    index('candidates_user').on(t.userId),
    index('candidates_skill_ids').using('gin', t.skillIds),
    uniqueIndex('candidates_organisation_id').on(t.organisationId, t.id),
    // The list's search (every word somewhere in the name, email, phone or number, ILIKE '%word%'):
    // trigrams of the four texts, written exactly as the search writes them, behind the organisation
    // (btree_gin), so a search reads only its organisation's matches instead of all its candidates.
    index('candidates_search').using(
      'gin',
      t.organisationId,
      sql`(${t.name} #>> '{fullName}'::text[]) gin_trgm_ops`,
      sql`${t.email} gin_trgm_ops`,
      sql`${t.phone} gin_trgm_ops`,
      sql`(${t.itemId} #>> '{combined}'::text[]) gin_trgm_ops`,
      sql`${t.keywords} gin_trgm_ops`,
    ),
  ],
);

/**
 * Every change to a candidate, with its transaction's id, so each API process's candidate search
 * index (`areas/crm/candidate-search.ts`) catches up before every list with only what changed.
 * Written by a trigger on `candidates` (migration 0019).
 */
export const candidateSearchChanges = pgTable(
  'candidate_search_changes',
  {
    changed: bigint({ mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    organisationId: text(),
    candidateId: text().notNull(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('candidate_search_changes_changed').on(t.changed), index('candidate_search_changes_at').on(t.at)],
);

/** Special-category data, apart from the candidate so no list or export can select it by accident. */
export const candidateDiversity = pgTable('candidate_diversity', {
  candidateId: text().primaryKey(),
  organisationId: text().notNull(),
  dateOfBirth: text(),
  gender: text(),
  ethnicGroup: text(),
  lgbtqCommunity: text(),
  illnessAffecting: text(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const crmNoticePeriods = pgTable(
  'crm_notice_periods',
  {
    ...baseColumns(),
    label: text().notNull(),
    valueInDays: integer().notNull(),
  },
  (t) => [index('crm_notice_periods_organisation').on(t.organisationId, t.valueInDays)],
);

export const candidateCvs = pgTable(
  'candidate_cvs',
  {
    ...baseColumns(),
    jobSeekerId: text().notNull(),
    userId: text(),
    cvTitle: text(),
    type: text().notNull().default('UPLOADED'),
    file: jsonb().$type<UploadedFile>(),
    document: jsonb(),
    isDefault: boolean().notNull().default(false),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [index('candidate_cvs_candidate').on(t.organisationId, t.jobSeekerId)],
);

/**
 * An agency's link between one of its candidates and a job seeker's own account (DECISIONS.md §12).
 * INVITATION: the agency asked (its candidate shares the seeker's email) and nothing is shared until
 * the seeker accepts. CREDENTIALS: the agency's credentials call made the account for its candidate.
 * Either side ends it; while it stands (ACCEPTED) the seeker's own profile edits refresh this
 * candidate. At most one invitation or link stands per candidate, and per organisation and account.
 */
export const candidateAccountLinks = pgTable(
  'candidate_account_links',
  {
    id: text().primaryKey(),
    organisationId: text().notNull(),
    candidateId: text().notNull(),
    /** The job seeker's account. */
    userId: text().notNull(),
    status: text().$type<'PENDING' | 'ACCEPTED' | 'REFUSED' | 'ENDED'>().notNull(),
    origin: text().$type<'INVITATION' | 'CREDENTIALS'>().notNull(),
    invitedBy: jsonb().$type<IdName>(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the seeker accepted or refused. */
    respondedAt: timestamp({ withTimezone: true, mode: 'date' }),
    endedAt: timestamp({ withTimezone: true, mode: 'date' }),
    endedBy: jsonb().$type<IdName>(),
    endedBySide: text().$type<'SEEKER' | 'AGENCY'>(),
  },
  (t) => [
    uniqueIndex('candidate_account_links_live_candidate').on(t.candidateId).where(sql`${t.status} in ('PENDING', 'ACCEPTED')`),
    uniqueIndex('candidate_account_links_live_account').on(t.organisationId, t.userId).where(sql`${t.status} in ('PENDING', 'ACCEPTED')`),
    index('candidate_account_links_account').on(t.userId, t.createdAt),
  ],
);
