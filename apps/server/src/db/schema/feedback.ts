import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** What feedback is scored under (contract: Feedback Category); the hiring feedback tables join it here. */
export const feedbackCategories = pgTable(
  'feedback_categories',
  {
    ...baseColumns(),
    label: text().notNull(),
    value: text(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    index('feedback_categories_organisation_created').on(t.organisationId, t.createdAt),
    // Feedback and rating options will point at a category keyed by organisation (see docs/scaling.md).
    uniqueIndex('feedback_categories_organisation_id').on(t.organisationId, t.id),
  ],
);
