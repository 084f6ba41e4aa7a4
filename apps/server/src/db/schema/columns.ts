import type { IdName, ItemId } from '@app/contract/conventions/common';
import { boolean, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The columns every resource table has: the spec's base model, item id and soft delete. */
export const baseColumns = () => ({
  id: text().primaryKey(),
  itemId: jsonb().$type<ItemId>(),
  organisationId: text(),
  ownerId: text(),
  teamId: text(),
  createdBy: jsonb().$type<IdName>(),
  updatedBy: jsonb().$type<IdName>(),
  ...timestamps(),
  isDeleted: boolean().notNull().default(false),
  deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  deletedBy: jsonb().$type<IdName>(),
});
