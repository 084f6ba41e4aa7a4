import type { leadCandidateDetails, leadCompanyDetails } from '@app/contract/resources/crm/lead';
import { doublePrecision, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

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
    candidateDetails: jsonOf<typeof leadCandidateDetails>(),
    companyDetails: jsonOf<typeof leadCompanyDetails>(),
  },
  (t) => [
    index('leads_organisation_created').on(t.organisationId, t.createdAt),
    index('leads_organisation_follow_up').on(t.organisationId, t.followUpDate),
    // Notes and tasks will point at a lead keyed by organisation (see docs/scaling.md).
    uniqueIndex('leads_organisation_id').on(t.organisationId, t.id),
  ],
);
