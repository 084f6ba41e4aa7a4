import { sql } from 'drizzle-orm';
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

/** A score a feedback category is rated with (contract: Feedback Rating Option). */
export const feedbackRatingOptions = pgTable(
  'feedback_rating_options',
  {
    ...baseColumns(),
    categoryId: text().notNull(),
    label: text().notNull(),
    value: text(),
    points: text().notNull(),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [
    index('feedback_rating_options_organisation_created').on(t.organisationId, t.createdAt),
    // A category's options, read for each page of categories.
    index('feedback_rating_options_category').on(t.categoryId).where(sql`not ${t.isDeleted}`),
  ],
);
