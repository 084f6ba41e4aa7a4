import { forgotPassword } from '@app/contract/resources/auth';
import { adminListRecruiters } from '@app/contract/resources/content/admin-board';
import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogger } from '../src/services/logger';
import { postFile, readSignedUrl, samplePdf } from './support/multipart';
import { mailTo } from './support/outbox';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aUser, unique } from './support/world';

/** The app's log lines, read from a stream the test owns. */
const lines: string[] = [];
const logged = () => lines.join('\n');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, any>);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logStream: { write: (line: string) => void lines.push(line.trimEnd()) } });
});
afterAll(() => t.close());

describe('logs carry no secrets', () => {
  it('a failed query is logged with its SQL and the database’s code, never its parameters (the password hash)', async () => {
    // Any insert into users now fails inside the database: registering runs into it with a hashed password.
    await t.app.database.db.execute(sql.raw('alter table users add constraint no_new_users check (false) not valid'));
    const email = `${unique('leaky')}@example.com`;
    const secretPassword = 'Correct-Horse-Battery-9';
    lines.length = 0;
    try {
      const answer = await call(t.app, registerJobSeeker, {
        name: { first: 'Lee', last: 'Key' },
        email,
        phone: '+447700900123',
        password: secretPassword,
      });
      expect(answer.status).toBe(500);
      expect(answer.body.message).toBe('Something went wrong. Please try again.');
    } finally {
      await t.app.database.db.execute(sql.raw('alter table users drop constraint no_new_users'));
    }
    const [failure] = entries().filter((entry) => entry.msg === 'unexpected error');
    expect(failure?.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure?.err.query).toMatch(/^insert into "users"/);
    expect(failure?.err.cause).toMatchObject({ sqlState: '23514', constraint: 'no_new_users' });
    expect(failure?.err.params).toBeUndefined();
    expect(logged()).not.toContain('params:');
    expect(logged()).not.toContain('$argon2');
    expect(logged()).not.toContain(secretPassword);
    expect(logged()).not.toContain(email);
    expect(logged()).not.toContain('Failing row');
  });

  it('a database message quoting a value keeps only its words', async () => {
    lines.length = 0;
    const secret = 'tok_live_5b1f0c9e';
    const error = await t.app.database.db.execute(sql`select ${secret}::int`).catch((e: unknown) => e);
    t.app.log.error({ err: error }, 'probe');
    t.app.log.error({ err: new Error('the import failed', { cause: error }) }, 'wrapped');
    const [entry, wrapped] = entries();
    expect(entry?.err.cause.message).toBe('invalid input syntax for type integer');
    expect(wrapped?.err).toMatchObject({ message: 'the import failed', cause: { query: 'select $1::int' } });
    expect(logged()).not.toContain(secret);
  });

  it('passwords, codes, tokens and secrets are redacted at any depth; so are authorization headers and cookies', () => {
    lines.length = 0;
    t.app.log.info(
      {
        password: 'p1',
        body: { newPassword: 'p2', oldPassword: 'p3', user: { passwordHash: 'p4', profile: { otp: 'p5', secondaryOtp: 'p6' } } },
        input: [{ code: 'p7', token: 'p8', secret: 'p9' }],
        req: { headers: { authorization: 'Bearer p10', cookie: 'session=p11' } },
        res: { headers: { 'set-cookie': 'session=p12' } },
      },
      'probe',
    );
    for (let n = 1; n <= 12; n++) expect(logged()).not.toMatch(new RegExp(`\\bp${n}\\b`));
    expect(logged()).toContain('[Redacted]');
  });

  it('a request’s log lines carry its id, and what they log is redacted', async () => {
    const user = await aUser(t.app, { userType: 'JOB_SEEKER' });
    lines.length = 0;
    expect((await call(t.app, adminListRecruiters, {}, user.token)).status).toBe(403);
    const [refused] = entries().filter((entry) => entry.msg === 'authorisation refused');
    expect(refused).toMatchObject({ reqId: expect.stringMatching(/^req-/), userId: expect.any(String) });
    lines.length = 0;
    const requestLog = requestLogger.call(t.app, t.app.log, { reqId: 'req-probe' }, { level: 'info' }, undefined as never);
    requestLog.info({ body: { password: 'p1' }, token: 'p2' }, 'probe');
    expect(entries()).toEqual([expect.objectContaining({ reqId: 'req-probe', msg: 'probe', token: '[Redacted]' })]);
    expect(logged()).not.toMatch(/\bp[12]\b/);
  });

  it('a mail kept for want of SMTP is logged without its body (the reset link)', async () => {
    const user = await aUser(t.app, { userType: 'JOB_SEEKER' });
    lines.length = 0;
    expect((await call(t.app, forgotPassword, { email: user.email })).status).toBe(200);
    const [mail] = await mailTo(t.app, user.email);
    const token = mail?.text.match(/token=([^\s&]+)/)?.[1] as string;
    expect(token).toBeTruthy();
    expect(logged()).toContain('mail kept in the outbox');
    expect(logged()).not.toContain(token);
  });

  it('a signed file link’s signature is not in the request log', async () => {
    const user = await aUser(t.app, { userType: 'JOB_SEEKER' });
    const upload = await postFile(t.app, '/api/file/upload', { content: samplePdf, filename: 'cv.pdf', token: user.token });
    const link = new URL(upload.json().data.url);
    lines.length = 0;
    expect((await readSignedUrl(t.app, link.toString())).statusCode).toBe(200);
    const signature = link.searchParams.get('signature') as string;
    expect(logged()).toContain('/api/file/read?');
    expect(logged()).not.toContain(signature);
  });
});
