import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/services';
import { insideTransaction } from '../db/transaction-scope';

/**
 * Counts per key in fixed windows, shared by every process that uses the same store: the rate
 * limits. A key's window opens with its first count and lasts `windowMs`; once it has passed, the
 * next count opens a new one.
 */
export type CounterStore = {
  /** Adds `by` (negative takes back, never below 0) to the key's count; answers the count after. */
  add: (input: { key: string; by: number; windowMs: number }) => Promise<number>;
  /** Adds 1 unless the key's count has reached `limit`, in one step; answers whether it added. */
  addBelow: (input: { key: string; limit: number; windowMs: number }) => Promise<boolean>;
  /** The key's count in its open window; 0 when none is open. */
  read: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
};

const sweepEveryMs = 10 * 60 * 1000;

/** The database's own clock decides windows, so processes on machines whose clocks differ agree. */
const windowEnd = (windowMs: number) => sql`now() + (${windowMs}::integer * interval '1 millisecond')`;
const windowPassed = sql`${rateLimits.resetAt} <= now()`;

/**
 * Counters in the `rate_limits` table: each count is one atomic upsert, so processes counting the
 * same key at once never lose a count. Counted on the database handle, never inside a transaction:
 * a count must survive the rollback of the request it refuses, and the embedded database's one
 * connection is held by an open transaction.
 */
export const createDatabaseCounterStore = (db: Db): CounterStore => {
  let lastSweep = Date.now();
  const outsideTransaction = () => {
    if (insideTransaction()) throw new Error('A rate limit was counted inside a database transaction: count first, then open it');
  };
  // Keys whose window has passed are reset by their next count; the ones never counted again go here.
  const sweep = async () => {
    if (Date.now() - lastSweep < sweepEveryMs) return;
    lastSweep = Date.now();
    await db.delete(rateLimits).where(windowPassed);
  };
  return {
    async add({ key, by, windowMs }) {
      outsideTransaction();
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: Math.max(by, 0), resetAt: windowEnd(windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${windowPassed} then ${Math.max(by, 0)}::integer else greatest(${rateLimits.count} + ${by}::integer, 0) end`,
            resetAt: sql`case when ${windowPassed} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count });
      await sweep();
      return row?.count ?? 0;
    },
    async addBelow({ key, limit, windowMs }) {
      outsideTransaction();
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: windowEnd(windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${windowPassed} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${windowPassed} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
          setWhere: sql`${windowPassed} or ${rateLimits.count} < ${limit}::integer`,
        })
        .returning({ count: rateLimits.count });
      await sweep();
      return rows.length > 0;
    },
    async read(key) {
      outsideTransaction();
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
      return row?.count ?? 0;
    },
    async remove(key) {
      outsideTransaction();
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
};
