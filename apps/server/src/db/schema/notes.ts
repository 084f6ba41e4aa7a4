import type { RelatedTo, UploadedFile } from '@app/contract/conventions/common';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const crmNotes = pgTable(
  'crm_notes',
  {
    ...baseColumns(),
    note: text().notNull(),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
    isImportant: boolean().notNull().default(false),
    notifyTo: jsonb().$type<string[]>().notNull().default([]),
    attachments: jsonb().$type<UploadedFile[]>().notNull().default([]),
  },
  (t) => [
    index('crm_notes_organisation_created').on(t.organisationId, t.createdAt),
    // A record's page lists its notes: `related_to @> [{ _id }]`.
    index('crm_notes_related_to').using('gin', t.relatedTo),
  ],
);
