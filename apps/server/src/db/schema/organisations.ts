import type { UploadedFile } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const organisations = pgTable(
  'organisations',
  {
    ...baseColumns(),
    name: text().notNull(),
    email: text().notNull(),
    phoneNumber: text().notNull(),
    industryId: text(),
    logoImg: jsonb().$type<UploadedFile>(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    uniqueIndex('organisations_email_live').on(t.email).where(sql`not ${t.isDeleted}`),
    index('organisations_created').on(t.createdAt),
  ],
);
