import type { RelatedTo } from '@app/contract/conventions/common';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
  },
  (t) => [
    index('call_logs_organisation_created').on(t.organisationId, t.createdAt),
    // A contact's and a record's calls: `contact_ids @> [id]`, `related_to @> [{ _id }]`.
    index('call_logs_contact_ids').using('gin', t.contactIds),
    index('call_logs_related_to').using('gin', t.relatedTo),
  ],
);
