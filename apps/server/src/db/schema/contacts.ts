import type { RelatedTo } from '@app/contract/conventions/common';
import type { ContactProfile } from '@app/contract/resources/crm/contact';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const crmContacts = pgTable(
  'crm_contacts',
  {
    ...baseColumns(),
    profile: jsonb().$type<ContactProfile>().notNull(),
    primary: boolean().notNull().default(false),
    selfContact: boolean().notNull().default(false),
    stage: text(),
    type: text(),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
    /** The Client among relatedTo: what a client user's queries are narrowed by. */
    clientId: text(),
    /** The CRM_CLIENT_USER made for this contact by the credentials call. */
    userId: text(),
  },
  (t) => [
    index('crm_contacts_organisation_created').on(t.organisationId, t.createdAt),
    index('crm_contacts_client').on(t.organisationId, t.clientId),
    index('crm_contacts_related_to').using('gin', t.relatedTo),
  ],
);
