import { eq, inArray, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueue, oneTimeCodes } from '../src/db/schema/services';
import { sessions } from '../src/db/schema/users';
import { newId } from '../src/engine/ids';
import { createJobQueue } from '../src/services/job-queue';
import { removeExpired } from '../src/services/retention';
import { startTestApp, type TestApp } from './support/test-app';

const quiet = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Two queues on one database stand for two processes of the server. */
const twoProcesses = () => [1, 2].map(() => createJobQueue({ db: t.app.database.db, log: quiet, settings: { pollMs: 20 } }));
const recurringRow = async (kind: string) =>
  (
    await t.app.database.db
      .select()
      .from(jobQueue)
      .where(eq(jobQueue.id, `every:${kind}`))
  )[0];

describe('recurring jobs on the durable queue', () => {
  it('two processes declaring the same job run it one at a time, again after each period, from one row', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const queues = twoProcesses();
    for (const queue of queues) {
      queue.every('test-every', {
        everyMs: 150,
        handler: async () => {
          running++;
          most = Math.max(most, running);
          runs++;
          await pause(60);
          running--;
        },
      });
    }
    const started = Date.now();
    await Promise.all(queues.map((queue) => queue.start()));
    // Three runs, however long a loaded machine takes to poll for them (a bound, not a timing).
    for (let waited = 0; runs < 3 && waited < 20_000; waited += 50) await pause(50);
    await Promise.all(queues.map((queue) => queue.stop()));
    const elapsed = Date.now() - started;
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    // Never sooner than a period after the last run ended: at most one run per 150 ms that passed.
    expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / 150) + 1);
    const rows = await t.app.database.db.select().from(jobQueue).where(eq(jobQueue.kind, 'test-every'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 0, doneAt: null, failedAt: null, lockedUntil: null, lastError: null });
    expect(Number(rows[0]?.runAt?.getTime())).toBeGreaterThan(Date.now() - 1000);
  });

  it('a process that does not know a kind leaves its jobs alone, for a process that does', async () => {
    const [older, newer] = twoProcesses();
    if (!older || !newer) throw new Error('no queues');
    const ran: string[] = [];
    newer.handle('test-new-kind', async (job) => {
      ran.push(job.id);
    });
    older.handle('test-old-kind', async () => undefined);
    const id = await newer.enqueue(t.app.database.db, 'test-new-kind', {});
    await older.start();
    await older.drain();
    await older.stop();
    const [untouched] = await t.app.database.db.select().from(jobQueue).where(eq(jobQueue.id, id));
    expect(untouched).toMatchObject({ attempts: 0, lastError: null, doneAt: null });
    await newer.start();
    await newer.drain();
    await newer.stop();
    expect(ran).toEqual([id]);
  });

  it('a run that throws is recorded and the job is due again a period later, never marked failed', async () => {
    const [queue] = twoProcesses();
    if (!queue) throw new Error('no queue');
    queue.every('test-failing', {
      everyMs: 60_000,
      handler: async () => {
        throw new Error('the mailbox did not answer');
      },
    });
    await queue.start();
    await queue.drain();
    await queue.stop();
    const row = await recurringRow('test-failing');
    expect(row).toMatchObject({ attempts: 0, failedAt: null, doneAt: null, lastError: 'the mailbox did not answer' });
    expect(Number(row?.runAt?.getTime())).toBeGreaterThan(Date.now() + 50_000);
  });

  it('a restart keeps the next time of a job that exists, and brings back one marked failed', async () => {
    const { db } = t.app.database;
    const declare = () => {
      const [queue] = twoProcesses();
      if (!queue) throw new Error('no queue');
      let ran = 0;
      queue.every('test-restart', {
        everyMs: 60_000,
        handler: async () => {
          ran++;
        },
      });
      return { queue, ran: () => ran };
    };
    const first = declare();
    await first.queue.start();
    await first.queue.drain();
    await first.queue.stop();
    expect(first.ran()).toBe(1);
    const next = (await recurringRow('test-restart'))?.runAt as Date;

    const second = declare();
    await second.queue.start();
    await second.queue.drain();
    await second.queue.stop();
    expect(second.ran()).toBe(0);
    expect((await recurringRow('test-restart'))?.runAt).toEqual(next);

    // As the sweep leaves it when a process died on every attempt of a run.
    await db.update(jobQueue).set({ failedAt: new Date(), attempts: 8 }).where(eq(jobQueue.id, 'every:test-restart'));
    const third = declare();
    await third.queue.start();
    await third.queue.drain();
    await third.queue.stop();
    expect(third.ran()).toBe(1);
    expect(await recurringRow('test-restart')).toMatchObject({ failedAt: null, attempts: 0 });
  });

  it('the server declares retention as one recurring job', async () => {
    expect(await recurringRow('retention')).toMatchObject({ kind: 'retention', failedAt: null });
  });
});

describe('retention', () => {
  it('removes what can no longer be used and keeps what can', async () => {
    const { db } = t.app.database;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const session = (expiresAt: Date) => ({ id: newId(), tokenHash: newId(), userId: 'someone', expiresAt });
    const [expiredSession, liveSession] = [session(ago(1000)), session(new Date(now.getTime() + day))];
    await db.insert(sessions).values([expiredSession, liveSession]);
    const code = (createdAt: Date, expiresAt: Date) => ({
      id: newId(),
      purpose: 'test',
      subjectId: 'someone',
      channel: 'EMAIL',
      target: 'someone@example.com',
      codeHash: 'x',
      createdAt,
      expiresAt,
    });
    // Yesterday's code is gone; an hour-old one still counts toward the hourly limit on asking.
    const [oldCode, recentCode] = [code(ago(2 * day), ago(2 * day - 600_000)), code(ago(3_600_000), ago(3_000_000))];
    await db.insert(oneTimeCodes).values([oldCode, recentCode]);
    const job = (doneAt: Date | null, failedAt: Date | null) => ({ id: newId(), kind: 'test-kept', payload: {}, doneAt, failedAt });
    const jobs = {
      doneLongAgo: job(ago(8 * day), null),
      doneYesterday: job(ago(day), null),
      failedLongAgo: job(null, ago(31 * day)),
      failedLastWeek: job(null, ago(7 * day)),
      waiting: job(null, null),
    };
    await db.insert(jobQueue).values(Object.values(jobs));

    await removeExpired(db, now);

    const sessionIds = (
      await db
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [expiredSession.id, liveSession.id]))
    ).map((s) => s.id);
    expect(sessionIds).toEqual([liveSession.id]);
    const codeIds = (
      await db
        .select()
        .from(oneTimeCodes)
        .where(inArray(oneTimeCodes.id, [oldCode.id, recentCode.id]))
    ).map((c) => c.id);
    expect(codeIds).toEqual([recentCode.id]);
    const kept = new Set((await db.select().from(jobQueue).where(eq(jobQueue.kind, 'test-kept'))).map((j) => j.id));
    expect(kept).toEqual(new Set([jobs.doneYesterday.id, jobs.failedLastWeek.id, jobs.waiting.id]));
    expect(await db.select().from(jobQueue).where(like(jobQueue.id, 'every:retention'))).toHaveLength(1);
  });
});
