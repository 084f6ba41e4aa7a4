import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** A user's named list views (contract: SavedView); read by owner and resource. */
export const savedViews = pgTable(
  'saved_views',
  {
    ...baseColumns(),
    resource: text().notNull(),
    name: text().notNull(),
    search: text().notNull().default(''),
    filter: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    columns: jsonb().$type<string[]>().notNull().default([]),
    sort: jsonb().$type<{ key: string; direction: 'asc' | 'desc' }>(),
  },
  (t) => [index('saved_views_owner_resource').on(t.ownerId, t.resource)],
);
