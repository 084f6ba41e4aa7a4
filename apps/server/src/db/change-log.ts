import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What the in-memory search indexes (job search, CRM candidates) share to follow a change log: a
 * table a trigger fills in the writing transaction with that transaction's id (`changed`). A process
 * that has read every change from the oldest transaction still running at its last look (its
 * horizon) reads only what is newer, and sees a change still being written once it commits.
 */

export type Row = Record<string, unknown>;
export const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** How many rows a load reads at a time, so a large table never sits in memory as text at once. */
export const loadBatch = 5000;
/** How long a change log keeps its rows; a process that has not looked for half as long loads afresh. */
export const changesKeptHours = 24;
export const reloadAfterMs = (changesKeptHours / 2) * 60 * 60 * 1000;
export const pruneEveryMs = 10 * 60 * 1000;

/** The oldest transaction still running (or the next to start): everything older is visible to whoever looks now. */
export const horizonOf = async (db: Db) =>
  Number((await rowsOf(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as "horizon"`))[0]?.horizon);

/** The current horizon as a column, for a look that reads it with the changes in one statement. */
export const horizonColumn = sql`pg_snapshot_xmin(pg_current_snapshot())::text as "horizon"`;

/** Drops a change log's rows older than it keeps them. */
export const pruneChanges = (db: Db, table: string) =>
  db.execute(sql`delete from ${sql.identifier(table)} where "at" < now() - make_interval(hours => ${changesKeptHours})`);

/**
 * Looks shared by the callers that arrive together: each caller waits for a look that began after
 * it arrived (none is answered from before), and those arriving while one runs share the next.
 */
export const sharedLooks = (look: () => Promise<void>) => {
  let running: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const caughtUp = async (): Promise<void> => {
    if (waiting) return waiting;
    if (running) {
      waiting = running
        .catch(() => undefined)
        .then(() => {
          waiting = undefined;
          return caughtUp();
        });
      return waiting;
    }
    running = look().finally(() => {
      running = undefined;
    });
    return running;
  };
  return caughtUp;
};
