import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** An organisation's email template (contract: Email Template). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    ...baseColumns(),
    title: text(),
    description: text(),
    templateType: text(),
    subject: text().notNull(),
    content: text(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    index('email_templates_organisation_created').on(t.organisationId, t.createdAt),
    // The automatic mail of a type reads the organisation's newest ACTIVE template of that type.
    index('email_templates_type').on(t.organisationId, t.templateType, t.updatedAt),
  ],
);
