import type { Address, UploadedFile } from '@app/contract/conventions/common';
import type { clientPhone } from '@app/contract/resources/crm/client';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

export const clients = pgTable(
  'clients',
  {
    ...baseColumns(),
    name: text().notNull(),
    email: text().notNull(),
    phone: jsonOf<typeof clientPhone>(),
    companyLogo: jsonb().$type<UploadedFile>(),
    address: jsonb().$type<Address>(),
    about: text(),
    website: text(),
    industries: jsonb().$type<string[]>(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    index('clients_organisation_created').on(t.organisationId, t.createdAt),
    // Contacts, jobs and notes will reference a client keyed by organisation (see docs/scaling.md).
    uniqueIndex('clients_organisation_id').on(t.organisationId, t.id),
  ],
);
