import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { forgotPassword } from '@app/contract/resources/auth';
import { contactQuery, replyToContact } from '@app/contract/resources/content/article';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobQueue, mailOutbox } from '../src/db/schema/services';
import { mailTo } from './support/outbox';
import { call, startTestApp, superAdmin, type TestApp } from './support/test-app';
import { signIn } from './support/world';

/** A mail server that takes mail, or refuses it for now (451) while `refusing` is on. */
const startSmtpServer = async () => {
  const state = { refusing: false, received: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk) => {
        text += chunk;
      });
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        state.received.push(text);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

// Retries after 1.5 s, 3 s, ... so a test sees the first failure settle before the retry comes.
const shortBackoff = { pollMs: 100, retryBaseMs: 1500, retryMaxMs: 3000 };

const outboxRow = async (app: FastifyInstance, id: string) =>
  (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const mailJob = async (app: FastifyInstance, outboxId: string) =>
  (await app.database.db.select().from(jobQueue).where(sql`${jobQueue.payload}->>'outboxId' = ${outboxId}`))[0];

let smtp: Smtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Platform <no-reply@example.com>', jobQueue: shortBackoff } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail through the job queue', () => {
  it('a request queues the mail and the queue sends it by SMTP, recorded as sent', async () => {
    const { status } = await call(t.app, forgotPassword, { email: superAdmin.email });
    expect(status).toBe(200);
    const [mail] = await mailTo(t.app, superAdmin.email);
    expect(mail).toMatchObject({ subject: 'Reset your password', status: 'SENT' });
    const delivered = smtp.state.received.find((text) => text.includes('Subject: Reset your password'));
    expect(delivered).toContain(`Message-ID: <${mail?.id}@example.com>`);
    expect((await mailJob(t.app, mail?.id as string))?.doneAt).toBeInstanceOf(Date);
  });

  it('a mail server that refuses delays the mail and loses none: it stays queued, then goes out on a retry', async () => {
    smtp.state.refusing = true;
    const before = Date.now();
    const queued = await t.app.services.mail.send(t.app.database.db, { to: 'later@example.com', subject: 'Eventually', text: 'Hello.' });
    await t.app.services.queue.drain();
    const waiting = await outboxRow(t.app, queued.id);
    expect(waiting).toMatchObject({ status: 'QUEUED' });
    expect(waiting?.error).toContain('Mailbox busy');
    const job = await mailJob(t.app, queued.id);
    expect(job).toMatchObject({ kind: 'mail', attempts: 1, doneAt: null, failedAt: null, lockedUntil: null });
    expect(job?.lastError).toContain('Mailbox busy');
    expect(job?.runAt.getTime()).toBeGreaterThanOrEqual(before + 1500);
    expect(smtp.state.received.some((text) => text.includes('Subject: Eventually'))).toBe(false);

    smtp.state.refusing = false;
    await vi.waitFor(async () => expect((await outboxRow(t.app, queued.id))?.status).toBe('SENT'), { timeout: 20_000, interval: 100 });
    expect(smtp.state.received.filter((text) => text.includes('Subject: Eventually'))).toHaveLength(1);
    // the outbox turns SENT inside the handler; the job row is marked done a moment after it returns
    await vi.waitFor(async () => expect(await mailJob(t.app, queued.id)).toMatchObject({ attempts: 2, lastError: null }), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('a job queued in a transaction that rolls back never exists, so it never runs', async () => {
    const ran: unknown[] = [];
    t.app.services.queue.handle('test-rollback', async (job) => {
      ran.push(job.payload);
    });
    const { db } = t.app.database;
    await expect(
      db.transaction(async (tx) => {
        await t.app.services.mail.send(tx, { to: 'never@example.com', subject: 'Never', text: 'Rolled back.' });
        await t.app.services.queue.enqueue(tx, 'test-rollback', { n: 1 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await mailTo(t.app, 'never@example.com')).toEqual([]);
    expect(await db.select().from(jobQueue).where(eq(jobQueue.kind, 'test-rollback'))).toEqual([]);
    expect(ran).toEqual([]);
    expect(smtp.state.received.some((text) => text.includes('Subject: Never'))).toBe(false);
  });
});

describe('the contact reply, sent in the request rather than queued', () => {
  it('a reply the SMTP server refuses is a 502 and leaves the query NEW; accepted, it is sent at once and the query REPLIED', async () => {
    const admin = await signIn(t.app, superAdmin.email, superAdmin.password);
    const made = await call(t.app, contactQuery.calls.create!, {
      contactName: 'Pat',
      phone: '+44770090012',
      email: 'asker@example.com',
      content: 'Do you hire drivers?',
    });
    const reply = { _id: made.body.data._id, subject: 'Re: drivers', message: 'Yes, we do.' };
    smtp.state.refusing = true;
    const refused = await call(t.app, replyToContact, reply, admin);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The reply could not be sent. Please try again later.');
    const [failed] = await mailTo(t.app, 'asker@example.com');
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(await t.app.database.db.select().from(jobQueue).where(sql`${jobQueue.payload}->>'outboxId' = ${failed?.id}`)).toEqual([]);
    const stillNew = await call(t.app, contactQuery.calls.list!, { search: 'asker@example.com' }, admin);
    expect(stillNew.body.data.results).toMatchObject([{ _id: reply._id, status: 'NEW', isReplied: false }]);

    smtp.state.refusing = false;
    const sent = await call(t.app, replyToContact, reply, admin);
    expect(sent.status, sent.body.message).toBe(200);
    // Delivered before the answer, with no queue to drain.
    expect(smtp.state.received.some((text) => text.includes('Subject: Re: drivers'))).toBe(true);
    expect(sent.body.data).toMatchObject({ status: 'REPLIED', isReplied: true });
  });
});

describe('the job queue', () => {
  it('retries with backoff and marks a job failed after its last attempt', async () => {
    const attempts: number[] = [];
    t.app.services.queue.handle('test-failing', async (job) => {
      attempts.push(job.attempts);
      throw new Error(`attempt ${job.attempts} failed`);
    });
    const { db } = t.app.database;
    const id = await t.app.services.queue.enqueue(db, 'test-failing', {}, { maxAttempts: 2 });
    await t.app.services.queue.drain();
    const [afterOne] = await db.select().from(jobQueue).where(eq(jobQueue.id, id));
    expect(afterOne).toMatchObject({ attempts: 1, lastError: 'attempt 1 failed', failedAt: null });
    await vi.waitFor(async () => expect((await db.select().from(jobQueue).where(eq(jobQueue.id, id)))[0]?.failedAt).toBeInstanceOf(Date), {
      timeout: 20_000,
      interval: 100,
    });
    const [failed] = await db.select().from(jobQueue).where(eq(jobQueue.id, id));
    expect(failed).toMatchObject({ attempts: 2, lastError: 'attempt 2 failed', doneAt: null });
    expect(attempts).toEqual([1, 2]);
    expect(t.app.services.queue.backoffMs(1)).toBe(1500);
    expect(t.app.services.queue.backoffMs(2)).toBe(3000);
    expect(t.app.services.queue.backoffMs(5)).toBe(3000);
  });

  it('a job held by a process that stopped runs again once its lock expires, not before', async () => {
    const ran: string[] = [];
    t.app.services.queue.handle('test-crashed', async (job) => {
      ran.push((job.payload as { name: string }).name);
    });
    const { db } = t.app.database;
    const stale = await t.app.services.queue.enqueue(db, 'test-crashed', { name: 'stale' }, { runAt: new Date(Date.now() + 60_000) });
    const held = await t.app.services.queue.enqueue(db, 'test-crashed', { name: 'held' }, { runAt: new Date(Date.now() + 60_000) });
    // As a process leaves them when it dies mid-run: attempt counted, lock taken.
    await db
      .update(jobQueue)
      .set({ runAt: new Date(Date.now() - 1000), attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobQueue.id, stale));
    await db
      .update(jobQueue)
      .set({ runAt: new Date(Date.now() - 1000), attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobQueue.id, held));
    await t.app.services.queue.drain();
    expect(ran).toEqual(['stale']);
    const [rerun] = await db.select().from(jobQueue).where(eq(jobQueue.id, stale));
    expect(rerun).toMatchObject({ attempts: 2 });
    expect(rerun?.doneAt).toBeInstanceOf(Date);
    expect((await db.select().from(jobQueue).where(eq(jobQueue.id, held)))[0]?.doneAt).toBeNull();
  });
});

// Two starts of the app (on disk for the embedded database): slow on a busy machine.
const restartBound = 300_000;

it(
  'a restart resumes the mail the last run left queued',
  async () => {
    const refusing = await startSmtpServer();
    refusing.state.refusing = true;
    const r = await startTestApp({
      onDisk: true,
      config: { smtpUrl: refusing.url, mailFrom: 'Platform <no-reply@example.com>', jobQueue: { ...shortBackoff, retryBaseMs: 500 } },
    });
    try {
      const queued = await r.app.services.mail.send(r.app.database.db, { to: 'resumed@example.com', subject: 'Resumed', text: 'Hi.' });
      await r.app.services.queue.drain();
      expect((await mailJob(r.app, queued.id))?.attempts).toBe(1);
      const second = await r.restart();
      // The new app's worker takes the job up on its own once its retry is due.
      refusing.state.refusing = false;
      await vi.waitFor(async () => expect((await outboxRow(second, queued.id))?.status).toBe('SENT'), { timeout: 30_000, interval: 100 });
      expect(refusing.state.received.filter((text) => text.includes('Subject: Resumed'))).toHaveLength(1);
    } finally {
      await r.close();
      await refusing.close();
    }
  },
  restartBound,
);

it('closing the app finishes the job in hand and records it done', async () => {
  const r = await startTestApp();
  const { db } = r.app.database;
  let finished = false;
  const started = new Promise<void>((resolve) => {
    r.app.services.queue.handle('test-slow', async () => {
      resolve();
      await new Promise((wait) => setTimeout(wait, 300));
      finished = true;
    });
  });
  try {
    const id = await r.app.services.queue.enqueue(db, 'test-slow', {});
    await started;
    await r.app.close();
    expect(finished).toBe(true);
    expect((await db.select().from(jobQueue).where(eq(jobQueue.id, id)))[0]?.doneAt).toBeInstanceOf(Date);
  } finally {
    await r.close();
  }
});
