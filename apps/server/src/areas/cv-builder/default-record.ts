import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { coverLetters, cvs } from '../../db/schema/documents';
import type { Caller } from '../../engine/context';
import { loggedUpdate } from '../../engine/logged-update';

/**
 * A seeker has one default CV and one default letter (a partial unique index holds that under
 * races): these keep the flag on exactly one live record. Every move of the flag is in the entity
 * log, under the record's own entity type.
 */
type OwnedDocuments = typeof cvs | typeof coverLetters;

export const defaultRecord = (table: OwnedDocuments, entityType: string) => {
  const live = (ownerId: string) => and(eq(table.ownerId, ownerId), eq(table.isDeleted, false));
  return {
    async hasDefault(db: Executor, ownerId: string) {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(live(ownerId), eq(table.isDefault, true)))
        .limit(1);
      return Boolean(row);
    },
    /** Makes `id` the default (true) or takes the flag from it (false). */
    async set(db: Executor, input: { caller: Caller | null; ownerId: string; id: string; isDefault: boolean }) {
      const { caller, ownerId, id, isDefault } = input;
      if (isDefault) {
        await loggedUpdate(db, {
          caller,
          table,
          entityType,
          where: and(eq(table.ownerId, ownerId), eq(table.isDefault, true), ne(table.id, id)) as SQL,
          values: { isDefault: false },
        });
      }
      await loggedUpdate(db, { caller, table, entityType, where: eq(table.id, id), values: { isDefault } });
    },
    /** After the default goes, the most recently changed record left takes its place. */
    async promoteNewest(db: Executor, input: { caller: Caller | null; ownerId: string }) {
      const [next] = await db.select({ id: table.id }).from(table).where(live(input.ownerId)).orderBy(desc(table.updatedAt)).limit(1);
      if (next)
        await loggedUpdate(db, { caller: input.caller, table, entityType, where: eq(table.id, next.id), values: { isDefault: true } });
    },
  };
};
