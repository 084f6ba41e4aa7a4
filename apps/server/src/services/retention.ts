import { and, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobQueue, oneTimeCodes, rateLimits } from '../db/schema/services';
import { passwordResets, sessions } from '../db/schema/users';
import type { JobQueue } from './job-queue';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** What is kept, and how long, once it can no longer be used. */
export const retention = {
  /** Done jobs, for whoever looks into what was sent. */
  doneJobs: 7 * day,
  /** Failed jobs, for whoever looks into why. */
  failedJobs: 30 * day,
  /** One-time codes: the hourly limit on asking for them counts the last hour's, so a day is plenty. */
  codes: day,
  /** Password reset links. */
  resets: day,
} as const;

export const retentionJob = 'retention';

/**
 * Deletes what has stopped meaning anything: expired sessions (otherwise only dropped at their user's
 * next sign-in), one-time codes and reset links past use, rate-limit windows that passed, and old
 * done or failed jobs. Each table in its own statement, outside any transaction, so the embedded
 * database is held briefly at a time.
 */
export const removeExpired = async (db: Db, now = new Date()) => {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(oneTimeCodes).where(and(lt(oneTimeCodes.expiresAt, now), lt(oneTimeCodes.createdAt, before(retention.codes))));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before(retention.resets)));
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
  await db.delete(jobQueue).where(lte(jobQueue.doneAt, before(retention.doneJobs)));
  await db
    .delete(jobQueue)
    .where(and(isNotNull(jobQueue.failedAt), lte(jobQueue.failedAt, before(retention.failedJobs)), sql`${jobQueue.id} not like 'every:%'`));
};

/** Retention runs once an hour across all processes, as a recurring job on the durable queue. */
export const scheduleRetention = (input: { db: Db; queue: JobQueue; everyMs?: number }) => {
  input.queue.every(retentionJob, { everyMs: input.everyMs ?? hour, handler: () => removeExpired(input.db) });
};
