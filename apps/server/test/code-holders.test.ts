import { defineWorkflow } from '@app/contract/define-resource';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../src/engine/ids';
import { registerCall } from '../src/engine/register-call';
import { answerHeldProfile, heldProfile, registerTestProfiles, testProfileCodes, testProfiles } from './support/audience-resources';
import { codeIn, mailTo } from './support/outbox';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aVisitorAddress, aWorld, unique, type World } from './support/world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({
    extend: async (app) => {
      await registerTestProfiles(app);
    },
  });
  w = await aWorld(t.app);
});
afterAll(() => t.close());

const aProfile = async () => {
  const id = newId();
  const email = `${unique('holder')}@example.com`;
  await t.app.database.db.insert(testProfiles).values({ id, organisationId: w.orgA.id, name: unique('Pat '), email, answer: null });
  return { id, email };
};

const sendOtp = (_id: string, from: string) => call(t.app, testProfileCodes.sendOtp, { _id }, undefined, { from });
const checkOtp = (_id: string, otp: string, from: string) => call(t.app, testProfileCodes.checkOtp, { _id, otp }, undefined, { from });
const latestCode = async (email: string) => codeIn((await mailTo(t.app, email))[0]?.text ?? '');
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A visitor who asked for a code and checked it: their token. */
const aHolder = async (profile: { id: string; email: string }) => {
  const from = aVisitorAddress();
  expect((await sendOtp(profile.id, from)).status).toBe(200);
  const checked = await checkOtp(profile.id, await latestCode(profile.email), from);
  expect(checked.status).toBe(200);
  return checked.body.data.token as string;
};

describe('code holders', () => {
  it('reach the one record their code was issued for, and another is a 404, read or written', async () => {
    const mine = await aProfile();
    const theirs = await aProfile();
    const token = await aHolder(mine);

    expect((await call(t.app, heldProfile, { _id: mine.id }, token)).status).toBe(200);
    expect((await call(t.app, heldProfile, { _id: theirs.id }, token)).status).toBe(404);

    const answered = await call(t.app, answerHeldProfile, { _id: mine.id, answer: 'Available from May' }, token);
    expect(answered.status).toBe(200);
    expect(answered.body.data.answer).toBe('Available from May');
    expect((await call(t.app, answerHeldProfile, { _id: theirs.id, answer: 'Hijacked' }, token)).status).toBe(404);
    const [untouched] = await t.app.database.db.select().from(testProfiles).where(eq(testProfiles.id, theirs.id));
    expect(untouched?.answer).toBeNull();
  });

  it('need a live token of their own: none, a forged, an expired, a staff session or another resource’s is refused', async () => {
    const profile = await aProfile();
    const token = await aHolder(profile);
    const held = (bearer?: string) => call(t.app, heldProfile, { _id: profile.id }, bearer);
    expect((await held()).status).toBe(401);
    expect((await held(`${token.slice(0, -3)}abc`)).status).toBe(401);
    expect((await held(w.orgA.adminToken)).status).toBe(401);
    const { codes } = t.app.services;
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const expired = codes.holderToken({ resource: 'TestProfile', recordId: profile.id, organisationId: w.orgA.id, now: past });
    expect((await held(expired.token)).status).toBe(401);
    const other = codes.holderToken({ resource: 'TestThing', recordId: profile.id, organisationId: w.orgA.id });
    expect((await held(other.token)).status).toBe(403);
  });

  it('send a code only to the address the record names, and a wrong or unknown id is told nothing', async () => {
    const profile = await aProfile();
    expect((await sendOtp(newId(), aVisitorAddress())).status).toBe(404);
    const sent = await sendOtp(profile.id, aVisitorAddress());
    expect(sent.status).toBe(200);
    expect(sent.body.data).toBeNull();
    expect(await latestCode(profile.email)).toMatch(/^\d{6}$/);
  });

  it('count codes per record: a new one at most once a minute, and 5 wrong tries burn it (429)', async () => {
    const profile = await aProfile();
    expect((await sendOtp(profile.id, aVisitorAddress())).status).toBe(200);
    expect((await sendOtp(profile.id, aVisitorAddress())).status).toBe(429);
    const code = await latestCode(profile.email);
    const statuses: number[] = [];
    // Each try from another address: the record's own count stops them.
    for (let i = 0; i < 5; i++) statuses.push((await checkOtp(profile.id, wrong(code), aVisitorAddress())).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const burnt = await checkOtp(profile.id, code, aVisitorAddress());
    expect(burnt.status).toBe(429);
  });

  it('count codes per address: wrong tries across records, and new codes once a minute (429)', async () => {
    const from = aVisitorAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const profile = await aProfile();
      expect((await sendOtp(profile.id, aVisitorAddress())).status).toBe(200);
      statuses.push((await checkOtp(profile.id, wrong(await latestCode(profile.email)), from)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const last = await aProfile();
    expect((await sendOtp(last.id, aVisitorAddress())).status).toBe(200);
    // The right code, from an address that tried five wrong ones: refused before it is looked at.
    expect((await checkOtp(last.id, await latestCode(last.email), from)).status).toBe(429);

    const asker = aVisitorAddress();
    expect((await sendOtp((await aProfile()).id, asker)).status).toBe(200);
    expect((await sendOtp((await aProfile()).id, asker)).status).toBe(429);
  });

  it('take the code as the person typed it, and say which field is wrong', async () => {
    const profile = await aProfile();
    const from = aVisitorAddress();
    await sendOtp(profile.id, from);
    const missing = await call(t.app, testProfileCodes.checkOtp, { _id: profile.id }, undefined, { from });
    expect(missing.status).toBe(400);
    const wrongTry = await checkOtp(profile.id, wrong(await latestCode(profile.email)), from);
    expect(wrongTry.status).toBe(400);
    expect(wrongTry.body.data.errors).toEqual([{ field: 'otp', message: 'The code is not correct.' }]);
  });
});

describe('registration of calls without sign-in', () => {
  const bare = () => {
    const app = Fastify();
    app.decorate('calls', []);
    return app;
  };
  const base = { name: 'test', tag: 'Test', method: 'POST', path: '/test/x', input: z.object({}), output: z.null() } as const;
  const handler = async () => null;

  it('needs a code-holder call to name the record it holds, and nothing else to name one', () => {
    expect(() => registerCall(bare(), defineWorkflow({ ...base, who: ['code-holder'] }), handler)).toThrow(/holds/);
    expect(() =>
      registerCall(bare(), { ...defineWorkflow({ ...base, who: ['public'], holds: 'TestProfile' }), unscoped: 'x' }, handler),
    ).toThrow(/not for who/);
    expect(() => registerCall(bare(), defineWorkflow({ ...base, who: ['code-holder'], holds: 'TestProfile' }), handler)).not.toThrow();
  });

  it('lets a call without sign-in serve one kind of caller only', () => {
    expect(() => registerCall(bare(), { ...defineWorkflow({ ...base, who: ['public', 'JOB_SEEKER'] }), unscoped: 'x' }, handler)).toThrow(
      /one kind of caller/,
    );
    expect(() =>
      registerCall(bare(), { ...defineWorkflow({ ...base, who: ['code-holder', 'public'], holds: 'TestProfile' }) }, handler),
    ).toThrow(/one kind of caller/);
  });
});
