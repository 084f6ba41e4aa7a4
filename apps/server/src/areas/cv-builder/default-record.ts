import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { coverLetters, cvs } from '../../db/schema/documents';

/**
 * A seeker has one default CV and one default letter (a partial unique index holds that under
 * races): these keep the flag on exactly one live record.
 */
type OwnedDocuments = typeof cvs | typeof coverLetters;

export const defaultRecord = (table: OwnedDocuments) => {
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
    async set(db: Executor, ownerId: string, id: string, isDefault: boolean) {
      if (isDefault) {
        await db
          .update(table)
          .set({ isDefault: false })
          .where(and(eq(table.ownerId, ownerId), eq(table.isDefault, true), ne(table.id, id)));
      }
      await db.update(table).set({ isDefault }).where(eq(table.id, id));
    },
    /** After the default goes, the most recently changed record left takes its place. */
    async promoteNewest(db: Executor, ownerId: string) {
      const [next] = await db.select({ id: table.id }).from(table).where(live(ownerId)).orderBy(desc(table.updatedAt)).limit(1);
      if (next) await db.update(table).set({ isDefault: true }).where(eq(table.id, next.id));
    },
  };
};
