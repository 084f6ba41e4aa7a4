import type { RelatedTo } from '@app/contract/conventions/common';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const callLogs = pgTable(
  'call_logs',
  {
    ...baseColumns(),
    title: text().notNull(),
    comments: text(),
    contactIds: jsonb().$type<string[]>().notNull().default([]),
    contactNumbers: jsonb().$type<string[]>().notNull().default([]),
    direction: text().notNull().default('OUTBOUND'),
    calledAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    durationMinutes: integer(),
    outcome: text(),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
  },
  (t) => [
    index('call_logs_organisation_created').on(t.organisationId, t.createdAt),
    index('call_logs_organisation_called').on(t.organisationId, t.calledAt),
    // A contact's and a record's calls: `contact_ids @> [id]`, `related_to @> [{ _id }]`.
    index('call_logs_contact_ids').using('gin', t.contactIds),
    index('call_logs_related_to').using('gin', t.relatedTo),
  ],
);
