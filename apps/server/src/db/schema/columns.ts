import type { IdName, ItemId } from '@app/contract/conventions/common';
import { boolean, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A JSON column holding what a contract schema gives (`jsonOf<typeof leadCompanyDetails>()`), so its
 * type is the schema's and never written again beside it; a type-only import keeps zod out of the migrations' tool.
 */
export const jsonOf = <Schema extends z.ZodType>() => jsonb().$type<z.output<Schema>>();

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
