import { createFirstSuperAdmin, forgotPassword, login, setupStatus } from '@app/contract/resources/auth';
import { registerCompany } from '@app/contract/resources/job-board/company';
import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { addressKey } from '../src/services/client-address';
import { createConcurrencyLimit } from '../src/services/concurrency-limit';
import { hashPassword, setPasswordHashingCostForTests, verifyPassword } from '../src/services/passwords';
import { aSeeker } from './support/job-board';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aVisitorAddress, password, unique } from './support/world';

/** The attacks of the security review, each sent as it used to work. */

let t: TestApp;
/** Behind a proxy at 10.0.0.1 (TRUST_PROXY=10.0.0.1), before the first super admin exists. */
let proxied: TestApp;
const proxy = '10.0.0.1';

beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ withSuperAdmin: false, config: { trustProxy: parseTrustProxy(proxy) } });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const forwardedFor = (address: string) => ({ 'x-forwarded-for': address });
let forged = 0;
/** A made-up client address for X-Forwarded-For, new every time (203.0.113.0/24 is for documentation). */
const aForgedAddress = () => `203.0.113.${(forged++ % 250) + 1}`;

const seekerRegistration = () => ({
  name: { first: 'Flo', last: unique('Flood') },
  email: `${unique('flood')}@example.com`,
  phone: '+447700900123',
  password,
});
const companyRegistration = () => ({
  name: unique('Flood Hiring '),
  email: `${unique('floodco')}@example.com`,
  phone: '+441134960000',
  aboutUs: 'We hire.',
  location: { city: 'Leeds', postCode: 'LS1 4AP' },
  password,
});

describe('client addresses are not taken from the client', () => {
  it('rotating X-Forwarded-For per request no longer escapes a per-address limit (429 after 20)', async () => {
    const from = aVisitorAddress();
    for (let i = 0; i < 20; i++) {
      const { status } = await call(t.app, forgotPassword, { email: 'someone@example.com' }, undefined, {
        from,
        headers: forwardedFor(aForgedAddress()),
      });
      expect(status).toBe(200);
    }
    const rotated = await call(t.app, forgotPassword, { email: 'someone@example.com' }, undefined, {
      from,
      headers: forwardedFor(aForgedAddress()),
    });
    expect(rotated.status).toBe(429);
  });

  it('rotating X-Forwarded-For does not escape the sign-in limit across accounts (password spraying)', { timeout: 120_000 }, async () => {
    const from = aVisitorAddress();
    for (let i = 0; i < 30; i++) {
      const { status } = await call(t.app, login, { email: `${unique('sprayed')}@example.com`, password: 'Summer2026!' }, undefined, {
        from,
        headers: forwardedFor(aForgedAddress()),
      });
      expect(status).toBe(401);
    }
    const next = await call(t.app, login, { email: `${unique('sprayed')}@example.com`, password: 'Summer2026!' }, undefined, {
      from,
      headers: forwardedFor(aForgedAddress()),
    });
    expect(next.status).toBe(429);
    expect(next.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  });

  it('an IPv6 client counts by its /64, so taking a new address per request does not escape either', async () => {
    for (let i = 1; i <= 20; i++) {
      expect((await call(t.app, forgotPassword, { email: 'someone@example.com' }, undefined, { from: `2001:db8:5:6::${i}` })).status).toBe(
        200,
      );
    }
    expect((await call(t.app, forgotPassword, { email: 'someone@example.com' }, undefined, { from: '2001:db8:5:6:ffff::1' })).status).toBe(
      429,
    );
    expect((await call(t.app, forgotPassword, { email: 'someone@example.com' }, undefined, { from: '2001:db8:5:7::1' })).status).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy, the address it forwards is the client; from anyone else the header is ignored', async () => {
    const client = aForgedAddress();
    for (let i = 0; i < 20; i++) {
      const { status } = await call(proxied.app, forgotPassword, { email: 'someone@example.com' }, undefined, {
        from: proxy,
        headers: forwardedFor(client),
      });
      expect(status).toBe(200);
    }
    const sameClient = await call(proxied.app, forgotPassword, { email: 'x@example.com' }, undefined, {
      from: proxy,
      headers: forwardedFor(client),
    });
    expect(sameClient.status).toBe(429);
    // Another client behind the same proxy is someone else.
    const otherClient = await call(proxied.app, forgotPassword, { email: 'x@example.com' }, undefined, {
      from: proxy,
      headers: forwardedFor(aForgedAddress()),
    });
    expect(otherClient.status).toBe(200);

    const stranger = aVisitorAddress();
    for (let i = 0; i < 20; i++) {
      await call(proxied.app, forgotPassword, { email: 'x@example.com' }, undefined, {
        from: stranger,
        headers: forwardedFor(aForgedAddress()),
      });
    }
    const notAProxy = await call(proxied.app, forgotPassword, { email: 'x@example.com' }, undefined, {
      from: stranger,
      headers: forwardedFor(aForgedAddress()),
    });
    expect(notAProxy.status).toBe(429);
  });

  it('TRUST_PROXY takes addresses, ranges or a hop count, and refuses to trust everyone', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy(' ')).toBeUndefined();
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('*')).toThrow(/TRUST_PROXY/);
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe(addressKey('2001:0db8::1:ffff:ffff:ffff:ffff'));
  });
});

describe('registration is limited per address like sign-in', () => {
  it('a registration flood from one address (rotating X-Forwarded-For) meets 429, job seekers, recruiters and setup alike', {
    timeout: 120_000,
  }, async () => {
    const from = aVisitorAddress();
    for (let i = 0; i < 20; i++) {
      const [spec, body] = i % 2 === 0 ? [registerJobSeeker, seekerRegistration()] : [registerCompany, companyRegistration()];
      const { status, body: answer } = await call(proxied.app, spec, body, undefined, { from, headers: forwardedFor(aForgedAddress()) });
      expect(status, answer.message).toBe(200);
    }
    const headers = forwardedFor(aForgedAddress());
    const seeker = await call(proxied.app, registerJobSeeker, seekerRegistration(), undefined, { from, headers });
    expect(seeker.status).toBe(429);
    expect(seeker.body.message).toBe('Too many accounts made from your address. Please try again later.');
    expect((await call(proxied.app, registerCompany, companyRegistration(), undefined, { from, headers })).status).toBe(429);
    const setup = { name: { first: 'Ada' }, email: `${unique('root')}@example.com`, password };
    expect((await call(proxied.app, createFirstSuperAdmin, setup, undefined, { from, headers })).status).toBe(429);
    expect((await call(proxied.app, setupStatus, {})).body.data.needsSetup).toBe(true);
    // Someone else is not held back.
    expect((await call(proxied.app, registerJobSeeker, seekerRegistration(), undefined, { from: aVisitorAddress() })).status).toBe(200);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it("the owner signs in from their own address after a stranger's 20 wrong passwords", async () => {
    const owner = await aSeeker(t.app);
    const stranger = aVisitorAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await call(t.app, login, { email: owner.email, password: `guess-${i}` }, undefined, { from: stranger })).status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    const signedIn = await call(t.app, login, { email: owner.email, password }, undefined, { from: aVisitorAddress() });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.message).toBe('Signed in successfully');
  });

  it('past the account ceiling, an address that already failed is refused and a new one slowed, but the right password works', async () => {
    const owner = await aSeeker(t.app);
    const strangers = [aVisitorAddress(), aVisitorAddress()];
    for (const from of strangers) {
      for (let i = 0; i < 5; i++) {
        expect((await call(t.app, login, { email: owner.email, password: `guess-${i}` }, undefined, { from })).status).toBe(401);
      }
    }
    // Ten wrong passwords from several addresses: each new address gets one more guess, then is refused.
    const third = aVisitorAddress();
    expect((await call(t.app, login, { email: owner.email, password: 'guess-x' }, undefined, { from: third })).status).toBe(401);
    const again = await call(t.app, login, { email: owner.email, password: 'guess-y' }, undefined, { from: third });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect((await call(t.app, login, { email: owner.email, password }, undefined, { from: strangers[0] })).status).toBe(429);

    const startedAt = Date.now();
    const signedIn = await call(t.app, login, { email: owner.email, password }, undefined, { from: aVisitorAddress() });
    expect(signedIn.status).toBe(200);
    // Slowed by the failures past the ceiling, not refused.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(400);
  });
});

describe('password hashing never holds the database', () => {
  // What must not wait for password checks is shown with checks as slow as the server's.
  beforeAll(() => setPasswordHashingCostForTests('library'));
  afterAll(() => setPasswordHashingCostForTests('lowest'));

  it('no password is hashed or checked inside a transaction; sign-in checks outside one', async () => {
    const { db } = t.app.database;
    await expect(db.transaction(() => hashPassword('Passw0rd-long'))).rejects.toThrow(/inside a database transaction/);
    await expect(db.transaction(() => verifyPassword('$argon2id$v=19$m=65536,t=3,p=4$x$y', 'x'))).rejects.toThrow(
      /inside a database transaction/,
    );
    const owner = await aSeeker(t.app);
    expect((await call(t.app, login, { email: owner.email, password }, undefined, { from: aVisitorAddress() })).status).toBe(200);
  });

  it('a one-row read is answered while concurrent sign-ins wait for their password checks', async () => {
    let settled = 0;
    const signIns = Array.from({ length: 8 }, () =>
      call(t.app, login, { email: `${unique('nobody')}@example.com`, password: 'wrong-password' }, undefined, {
        from: aVisitorAddress(),
      }).finally(() => {
        settled += 1;
      }),
    );
    const read = await call(t.app, setupStatus, {});
    const stillChecking = 8 - settled;
    expect(read.status).toBe(200);
    expect(stillChecking).toBeGreaterThanOrEqual(4);
    expect((await Promise.all(signIns)).map((r) => r.status)).toEqual(Array(8).fill(401));
  });

  it('at most a few checks run at once; beyond a bounded queue the rest are refused at once', async () => {
    const refused = new Error('busy');
    const limit = createConcurrencyLimit({ concurrency: 2, maxWaiting: 1, refuse: () => refused });
    const gates: (() => void)[] = [];
    const order: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        gates.push(() => resolve(n));
      });
    const running = [limit.run(task(1)), limit.run(task(2)), limit.run(task(3))];
    await expect(limit.run(task(4))).rejects.toBe(refused);
    await Promise.resolve();
    expect(limit.stats()).toEqual({ running: 2, waiting: 1 });
    expect(order).toEqual([1, 2]);
    gates.shift()?.();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([1, 2, 3]);
    for (const open of gates.splice(0)) open();
    expect(await Promise.all(running)).toEqual([1, 2, 3]);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
