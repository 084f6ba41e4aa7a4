import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client';
import { jobQueue } from '../db/schema/services';
import { newId } from '../engine/ids';

export type JobQueueSettings = {
  /** How often the worker looks for due jobs (it is also woken when this process adds one). */
  pollMs: number;
  /** The first retry waits this long, each next one twice as long... */
  retryBaseMs: number;
  /** ...up to this. */
  retryMaxMs: number;
  maxAttempts: number;
  /** A job held longer than this (its process died, say) is due again. */
  lockMs: number;
  /** How long closing waits for the job in hand before leaving it to the lock timeout. */
  stopGraceMs: number;
};

export const defaultJobQueueSettings: JobQueueSettings = {
  pollMs: 1000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60 * 1000,
  maxAttempts: 8,
  lockMs: 5 * 60 * 1000,
  stopGraceMs: 15_000,
};

export type Job = typeof jobQueue.$inferSelect;

/**
 * Among due jobs the lowest number runs first, whenever it was added: a one-time code queued behind
 * a thousand invitations goes out next, after at most the job in hand. Equal ones run in `run_at` order.
 */
export const jobPriorities = { urgent: 0, normal: 5, bulk: 9 } as const;

/** Throws to ask for a retry (with backoff), until the job's last attempt, after which it is marked failed. */
export type JobHandler = (job: Job & { isLastAttempt: boolean }) => Promise<void>;

const sweepEveryMs = 60 * 60 * 1000;

/**
 * A recurring job's row has this id: one row per kind in the whole database, so however many
 * processes declare it, the claim's row lock lets one of them run it at a time.
 */
const recurringIdOf = (kind: string) => `every:${kind}`;

export type RecurringJob = {
  /** From the end of one run to the start of the next, whether the run succeeded or not. */
  everyMs: number;
  handler: (job: Job) => Promise<void>;
};

/**
 * A durable queue on a table, on PostgreSQL and on the embedded database alike (PGlite has one
 * connection and no LISTEN/NOTIFY, so pg-boss and graphile-worker cannot run on it).
 *
 * `enqueue` writes on the caller's handle: inside a transaction the job exists only if it commits.
 * The worker claims one due job at a time, the most urgent first (`jobPriorities`), with `FOR
 * UPDATE SKIP LOCKED` in a single statement that also sets a lock (`locked_until`) and counts the
 * attempt, runs the handler outside any transaction, then marks it done, or due again after 30 s × 2^(attempt - 1) (capped), or failed
 * after its last attempt.
 *
 * At least once: a job whose process dies mid-run (or that outruns its lock) runs again once the
 * lock expires, so a handler may run twice for one job and must tolerate it (a mail may, rarely,
 * arrive twice; it is never lost).
 *
 * A recurring job (`every`: retention, mailbox sync) is one row per kind that is never done: after
 * each run, good or bad, it is due again `everyMs` later. The claim's lock makes it one run at a time
 * across every process; a process that dies mid-run leaves it to the lock's expiry like any job.
 */
export const createJobQueue = (input: { db: Db; log: FastifyBaseLogger; settings?: Partial<JobQueueSettings> }) => {
  const settings = { ...defaultJobQueueSettings, ...input.settings };
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, RecurringJob>();
  const inHand = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopping = false;
  let pass: Promise<void> | null = null;
  let wakeAgain = false;
  let lastSweep = 0;

  const backoffMs = (attempt: number) => Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempt - 1), settings.retryMaxMs);

  /** Claims one due job: the attempt is counted and the lock taken in the same statement. */
  const claim = async (): Promise<Job | null> => {
    // Only kinds this process can run: one started before a kind existed (a rolling restart, or a
    // second app on the database) leaves that kind's jobs to the processes that know it instead of
    // spending their attempts.
    const kinds = [...new Set([...handlers.keys(), ...recurring.keys()])];
    if (kinds.length === 0) return null;
    const due = sql`select ${jobQueue.id} from ${jobQueue}
      where ${jobQueue.doneAt} is null and ${jobQueue.failedAt} is null and ${jobQueue.runAt} <= now()
        and ${jobQueue.kind} in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        and (${jobQueue.lockedUntil} is null or ${jobQueue.lockedUntil} < now()) and ${jobQueue.attempts} < ${jobQueue.maxAttempts}
      order by ${jobQueue.priority}, ${jobQueue.runAt} limit 1 for update skip locked`;
    // Milliseconds, so the lock read back as a Date still equals the stored one (it is the claim's token).
    const [job] = await input.db
      .update(jobQueue)
      .set({
        attempts: sql`${jobQueue.attempts} + 1`,
        lockedUntil: sql`date_trunc('milliseconds', now()) + (${settings.lockMs})::integer * interval '1 millisecond'`,
      })
      .where(sql`${jobQueue.id} = (${due})`)
      .returning();
    return job ?? null;
  };

  /** A recurring job's run: whatever it ends in, the row is due again a period later, its attempts counted afresh. */
  const runRecurring = async (job: Job, every: RecurringJob) => {
    const ours = and(eq(jobQueue.id, job.id), eq(jobQueue.lockedUntil, job.lockedUntil as Date));
    let lastError: string | null = null;
    try {
      await every.handler(job);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      input.log.error({ job: { id: job.id, kind: job.kind }, err: lastError }, 'recurring job failed; it runs again at its next time');
    }
    const runAt = new Date(Date.now() + every.everyMs);
    await input.db.update(jobQueue).set({ runAt, attempts: 0, lockedUntil: null, lastError }).where(ours);
  };

  const run = async (job: Job) => {
    const every = job.id === recurringIdOf(job.kind) ? recurring.get(job.kind) : undefined;
    if (every) return runRecurring(job, every);
    const ours = and(eq(jobQueue.id, job.id), eq(jobQueue.lockedUntil, job.lockedUntil as Date));
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler({ ...job, isLastAttempt: job.attempts >= job.maxAttempts });
      await input.db.update(jobQueue).set({ doneAt: new Date(), lockedUntil: null, lastError: null }).where(ours);
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.maxAttempts) {
        input.log.error({ job: { id: job.id, kind: job.kind, attempts: job.attempts }, err: lastError }, 'job failed for good');
        await input.db.update(jobQueue).set({ failedAt: new Date(), lockedUntil: null, lastError }).where(ours);
      } else {
        const runAt = new Date(Date.now() + backoffMs(job.attempts));
        input.log.warn({ job: { id: job.id, kind: job.kind, attempts: job.attempts, runAt }, err: lastError }, 'job will be retried');
        await input.db.update(jobQueue).set({ runAt, lockedUntil: null, lastError }).where(ours);
      }
    }
  };

  /** Runs one due job, if there is one; tells whether there was. */
  const runOne = async () => {
    const job = await claim();
    if (!job) return false;
    const work = run(job);
    inHand.add(work);
    try {
      await work;
    } finally {
      inHand.delete(work);
    }
    return true;
  };

  /** Jobs whose process died on their last attempt are marked failed: nothing would claim them again. */
  const sweep = async () => {
    lastSweep = Date.now();
    await input.db
      .update(jobQueue)
      .set({ failedAt: new Date(), lastError: sql`coalesce(${jobQueue.lastError}, 'the process running its last attempt stopped')` })
      .where(
        and(
          isNull(jobQueue.doneAt),
          isNull(jobQueue.failedAt),
          sql`${jobQueue.attempts} >= ${jobQueue.maxAttempts}`,
          lt(jobQueue.lockedUntil, sql`now()`),
        ),
      );
  };

  /**
   * Each recurring kind's row, made by the first process that declares it (due at once), and brought
   * back by the next start should it have failed (its process died mid-run on every attempt). A row
   * that exists keeps its time: restarts do not run it again early.
   */
  const plantRecurring = async () => {
    for (const kind of recurring.keys()) {
      await input.db
        .insert(jobQueue)
        .values({ id: recurringIdOf(kind), kind, payload: {}, priority: jobPriorities.bulk })
        .onConflictDoUpdate({
          target: jobQueue.id,
          set: { failedAt: null, doneAt: null, attempts: 0, runAt: sql`now()` },
          setWhere: sql`${jobQueue.failedAt} is not null or ${jobQueue.doneAt} is not null`,
        });
    }
  };

  const schedule = (delayMs: number) => {
    if (!running || stopping) return;
    // A job added during a pass may have committed after the pass last looked: one more pass at once.
    if (pass) {
      if (delayMs === 0) wakeAgain = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      wakeAgain = false;
      pass = work().finally(() => {
        pass = null;
        schedule(wakeAgain ? 0 : settings.pollMs);
      });
    }, delayMs);
    timer.unref();
  };

  /** One pass: every due job, one after another, until none is left or the queue stops. */
  const work = async () => {
    try {
      if (Date.now() - lastSweep > sweepEveryMs) await sweep();
      while (!stopping && (await runOne())) {}
    } catch (error) {
      // The database away for a moment (a restart): the next poll tries again.
      if (!stopping) input.log.error({ err: error }, 'the job queue could not read its jobs');
    }
  };

  return {
    /** Kinds are registered once, when the service that owns them is built. */
    handle(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    /** Declares a recurring job (before `start`): every process declares the same ones, and one at a time runs each. */
    every(kind: string, job: RecurringJob) {
      recurring.set(kind, job);
    },

    /**
     * Adds a job on the caller's handle: pass the transaction to have it only if the transaction
     * commits. The worker is woken at once; a job added in a transaction still open is found by the
     * next poll if not then.
     */
    async enqueue(db: Executor, kind: string, payload: unknown, options: { runAt?: Date; maxAttempts?: number; priority?: number } = {}) {
      const id = newId();
      await db.insert(jobQueue).values({
        id,
        kind,
        payload,
        priority: options.priority ?? jobPriorities.normal,
        maxAttempts: options.maxAttempts ?? settings.maxAttempts,
        ...(options.runAt ? { runAt: options.runAt } : {}),
      });
      if (!options.runAt || options.runAt.getTime() <= Date.now()) schedule(0);
      return id;
    },

    /**
     * Drops the jobs of a kind whose payload contains `payload` that no worker holds now (a reminder
     * whose date moved), on the caller's handle. One already running finishes: handlers re-check.
     */
    async cancel(db: Executor, kind: string, payload: Record<string, unknown>) {
      await db
        .delete(jobQueue)
        .where(
          and(
            eq(jobQueue.kind, kind),
            sql`${jobQueue.payload} @> ${JSON.stringify(payload)}::jsonb`,
            isNull(jobQueue.doneAt),
            isNull(jobQueue.failedAt),
            sql`(${jobQueue.lockedUntil} is null or ${jobQueue.lockedUntil} < now())`,
          ),
        );
    },

    async start() {
      if (running) return;
      running = true;
      stopping = false;
      try {
        await plantRecurring();
      } catch (error) {
        input.log.error({ err: error }, 'the recurring jobs could not be planted; they are tried again at the next start');
      }
      schedule(0);
    },

    /** Stops taking jobs and waits for the one in hand (at most `stopGraceMs`; its lock then expires and it runs again). */
    async stop() {
      stopping = true;
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => {
        graceTimer = setTimeout(() => resolve('late'), settings.stopGraceMs);
      });
      const finished = await Promise.race([Promise.all([pass, ...inHand]).then(() => 'done' as const), grace]);
      clearTimeout(graceTimer);
      if (finished === 'late') input.log.warn('the job queue stopped with a job still running: it will run again after its lock expires');
    },

    /**
     * Runs every job due now, and waits for those in hand, until none is left (tests read the outbox
     * after it). Jobs waiting for a retry are not due and are left alone.
     */
    async drain() {
      for (;;) {
        while (await runOne()) {}
        if (inHand.size === 0 && !pass) return;
        await Promise.all([pass, ...inHand]);
      }
    },

    backoffMs,
    settings,
  };
};

export type JobQueue = ReturnType<typeof createJobQueue>;
