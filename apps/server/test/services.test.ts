import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from './support/outbox';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('one-time codes', () => {
  const codes = () => t.app.services.codes;
  const db = () => t.app.database.db;

  it('accepts the right code once, and burns it', async () => {
    const value = await codes().issue(db(), { purpose: 'test', subjectId: 'a1', channel: 'email', target: 'a@example.com' });
    expect(value).toMatch(/^\d{6}$/);
    expect((await codes().check(db(), { purpose: 'test', subjectId: 'a1', channel: 'email', value })).ok).toBe(true);
    expect((await codes().check(db(), { purpose: 'test', subjectId: 'a1', channel: 'email', value })).ok).toBe(false);
  });

  it('is burnt after five wrong tries: 429 from then on, even for the right code', async () => {
    const value = await codes().issue(db(), { purpose: 'test', subjectId: 'b1', channel: 'email', target: 'b@example.com' });
    const wrong = value === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await codes().check(db(), { purpose: 'test', subjectId: 'b1', channel: 'email', value: wrong });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        statuses.push(result.error.status);
        await result.recordWrongTry?.(db());
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await codes().check(db(), { purpose: 'test', subjectId: 'b1', channel: 'email', value });
    expect(right.ok === false && right.error.status).toBe(429);
  });

  it('expires after 10 minutes', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000 - 1000);
    const value = await codes().issue(db(), {
      purpose: 'test',
      subjectId: 'c1',
      channel: 'email',
      target: 'c@example.com',
      now: tenMinutesAgo,
    });
    const result = await codes().check(db(), { purpose: 'test', subjectId: 'c1', channel: 'email', value });
    expect(result.ok === false && result.error.message).toBe('The code has expired. Please ask for a new one.');
  });

  it('gives a new code at most once a minute and five times an hour', async () => {
    const issue = (minutesAgo: number) =>
      codes().issue(db(), {
        purpose: 'test',
        subjectId: 'd1',
        channel: 'email',
        target: 'd@example.com',
        now: new Date(Date.now() - minutesAgo * 60_000),
      });
    for (const minutesAgo of [50, 40, 30, 20, 10]) await issue(minutesAgo);
    await expect(issue(0)).rejects.toMatchObject({ status: 429 });
    await issue(0).catch(() => undefined);
    const fresh = () => codes().issue(db(), { purpose: 'test', subjectId: 'e1', channel: 'email', target: 'e@example.com' });
    await fresh();
    await expect(fresh()).rejects.toMatchObject({ status: 429, message: 'Please wait a minute before asking for a new code.' });
  });

  it('stores only a hash of the code', async () => {
    const value = await codes().issue(db(), { purpose: 'test', subjectId: 'f1', channel: 'email', target: 'f@example.com' });
    const { oneTimeCodes } = await import('../src/db/schema/services');
    const rows = await db().select().from(oneTimeCodes);
    expect(JSON.stringify(rows)).not.toContain(`"${value}"`);
  });
});

describe('mail', () => {
  it('without SMTP_URL, is kept in the outbox: queued by the request, then marked kept by the job', async () => {
    await t.app.services.mail.send(t.app.database.db, { to: 'outbox@example.com', subject: 'Kept', text: 'In the outbox.' });
    expect((await mailTo(t.app, 'outbox@example.com'))[0]).toMatchObject({ subject: 'Kept', status: 'LOGGED' });
  });
});
