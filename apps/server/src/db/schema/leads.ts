import type { Address } from '@app/contract/conventions/common';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

type CandidateDetails = {
  noticePeriodId?: string | null;
  industries?: string[] | null;
  experience?: number | null;
  currentCTC?: number | null;
  expectedCTC?: number | null;
};
type CompanyDetails = {
  name: string;
  industries?: string[] | null;
  website?: string | null;
  linkedinLink?: string | null;
  numberOfEmployee?: number | null;
  address?: Address | null;
};

const date = () => timestamp({ withTimezone: true, mode: 'date' });

export const leads = pgTable(
  'leads',
  {
    ...baseColumns(),
    title: text(),
    description: text(),
    rating: doublePrecision(),
    source: text(),
    status: text().notNull().default('NEW'),
    type: text(),
    notes: text(),
    followUpDate: date(),
    deadlineDate: date(),
    candidateDetails: jsonb().$type<CandidateDetails>(),
    companyDetails: jsonb().$type<CompanyDetails>(),
  },
  (t) => [
    index('leads_organisation_created').on(t.organisationId, t.createdAt),
    index('leads_organisation_follow_up').on(t.organisationId, t.followUpDate),
    // Notes and tasks will point at a lead keyed by organisation (see docs/scaling.md).
    uniqueIndex('leads_organisation_id').on(t.organisationId, t.id),
  ],
);
