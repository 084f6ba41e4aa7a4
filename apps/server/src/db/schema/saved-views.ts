import type { savedViewSort } from '@app/contract/resources/crm/saved-view';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

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
    sort: jsonOf<typeof savedViewSort>(),
  },
  (t) => [index('saved_views_owner_resource').on(t.ownerId, t.resource)],
);
