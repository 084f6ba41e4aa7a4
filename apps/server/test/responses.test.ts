import { recordSchema } from '@app/contract/conventions/record';
import { login, me } from '@app/contract/resources/auth';
import { myJobSeekerProfile } from '@app/contract/resources/job-board/job-seeker';
import { myProfile, organisationStaff } from '@app/contract/resources/organisation-staff';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../src/db/schema/users';
import { serialiseAnswer, UndeclaredAnswerError } from '../src/engine/answer-output';
import { registerCall } from '../src/engine/register-call';
import { aSeeker } from './support/job-board';
import { call, type TestApp } from './support/test-app';
import { password, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

/** Every key anywhere in an answer, and every string value. */
const keysAndStrings = (value: unknown, found = { keys: new Set<string>(), strings: [] as string[] }) => {
  if (typeof value === 'string') found.strings.push(value);
  else if (Array.isArray(value)) for (const item of value) keysAndStrings(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      found.keys.add(key);
      keysAndStrings(child, found);
    }
  }
  return found;
};

const secretKeys = ['passwordHash', 'password', 'tokenHash', 'codeHash', 'isDeleted', 'deletedBy', 'passwordChangedAt'];

const expectNoSecrets = (data: unknown, hashes: string[]) => {
  const { keys, strings } = keysAndStrings(data);
  for (const key of secretKeys) expect(keys, `answer has ${key}`).not.toContain(key);
  for (const hash of hashes) expect(strings).not.toContain(hash);
  expect(strings.some((s) => s.startsWith('$argon2'))).toBe(false);
};

const storedHashes = async () => (await t.app.database.db.select({ hash: users.passwordHash }).from(users)).flatMap((r) => r.hash ?? []);

describe('answers', () => {
  it('a staff record, in every call that answers it, carries no password hash', async () => {
    const hashes = await storedHashes();
    const staff = organisationStaff.calls;
    const created = await call(
      t.app,
      staff.create!,
      { name: { first: 'Nia', last: 'New' }, email: 'nia.new@example.com', phone: '+447700900002', password },
      w.orgA.adminToken,
    );
    expect(created.status).toBe(200);
    const answers = [
      created.body.data,
      (await call(t.app, staff.details!, { _id: w.staffA.id }, w.orgA.adminToken)).body.data,
      (await call(t.app, staff.list!, { limit: 100 }, w.orgA.adminToken)).body.data,
      (await call(t.app, staff.update!, { _id: w.staffA.id, designation: 'Lead' }, w.orgA.adminToken)).body.data,
      (await call(t.app, myProfile, {}, w.staffA.token)).body.data,
    ];
    for (const data of answers) expectNoSecrets(data, [...hashes, ...(await storedHashes())]);
    expect(answers[1]).toMatchObject({ _id: w.staffA.id, email: expect.any(String), createdAt: expect.any(String) });
  });

  it('a platform admin’s own profile, with no phone, is answered as a staff record', async () => {
    const profile = await call(t.app, myProfile, {}, w.platformAdmin.token);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ phone: null, organisationId: null });
  });

  it('me and sign-in answer who is signed in and the token, never a hash', async () => {
    const hashes = await storedHashes();
    const mine = await call(t.app, me, {}, w.staffA.token);
    expect(Object.keys(mine.body.data).sort()).toEqual([
      '_id',
      'clientId',
      'email',
      'mustChangePassword',
      'name',
      'organisationId',
      'organisationName',
      'userType',
    ]);
    expectNoSecrets(mine.body.data, hashes);
    const signedIn = await call(t.app, login, { email: w.orgA.adminEmail, password });
    expect(Object.keys(signedIn.body.data).sort()).toEqual(['token', 'user']);
    expectNoSecrets(signedIn.body.data, hashes);
  });

  it('a job seeker’s profile carries no hash or code', async () => {
    const seeker = await aSeeker(t.app);
    const profile = await call(t.app, myJobSeekerProfile, {}, seeker.token);
    expect(profile.status).toBe(200);
    expectNoSecrets(profile.body.data, await storedHashes());
  });

  it('a column added to a table is not answered until a schema names it', async () => {
    const { db } = t.app.database;
    await db.execute(sql`alter table users add column if not exists internal_note text default 'not for clients'`);
    try {
      const details = await call(t.app, organisationStaff.calls.details!, { _id: w.staffA.id }, w.orgA.adminToken);
      expect(details.status).toBe(200);
      expect(details.body.data).not.toHaveProperty('internalNote');
      expect(JSON.stringify(details.body)).not.toContain('not for clients');
      // Even a handler answering the whole row, new column and hash included, sends only the record.
      const [row] = await db.select().from(users).where(eq(users.id, w.staffA.id));
      const wholeRow = { _id: row?.id, ...row, internalNote: 'not for clients' };
      const sent = serialiseAnswer({
        call: 'test',
        output: recordSchema(organisationStaff),
        data: wholeRow,
        files: t.app.services.files,
      }) as Record<string, unknown>;
      // Every declared key but the expanded roles, which reads join in and a bare row does not carry.
      expect(Object.keys(sent)).toEqual(Object.keys(recordSchema(organisationStaff).shape).filter((key) => key !== 'roles'));
      expect(sent).not.toHaveProperty('passwordHash');
      expect(sent).not.toHaveProperty('internalNote');
      expect(sent.createdAt).toBe(row?.createdAt.toISOString());
    } finally {
      await db.execute(sql`alter table users drop column if exists internal_note`);
    }
  });

  it('a call without an output schema is refused at registration', () => {
    const { output: _output, ...withoutOutput } = me;
    expect(() => registerCall({} as never, { ...withoutOutput, unscoped: 'the test' } as never, async () => null)).toThrow(
      /me \(GET \/auth\/me\) declares no output/,
    );
  });

  it('an answer its schema does not allow is a server error, never sent', () => {
    const output = z.object({ _id: z.string(), count: z.number() });
    expect(() => serialiseAnswer({ call: 'broken', output, data: { _id: 'a', count: 'many' }, files: t.app.services.files })).toThrow(
      UndeclaredAnswerError,
    );
    expect(() => serialiseAnswer({ call: 'broken', output, data: { count: 1 }, files: t.app.services.files })).toThrow(/broken answered/);
  });
});

describe('the API document', () => {
  it('shows, for every call, the envelope with the shape of what its data holds', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const empty: string[] = [];
    for (const call of t.app.calls) {
      const operation = doc.paths[`/api${call.path}`][call.method.toLowerCase()];
      const envelope = operation.responses[200].content['application/json'].schema;
      expect(envelope.required).toEqual(['code', 'success', 'message', 'data']);
      const data = envelope.properties.data as Record<string, unknown>;
      // A representable schema for every answer: no transform or date the document cannot show.
      expect(() => z.toJSONSchema(call.output, { io: 'output' }), call.name).not.toThrow();
      if (Object.keys(data).length === 0 || (data.type === 'object' && !data.properties)) empty.push(call.name);
    }
    expect(empty).toEqual([]);
    const staffDetails = doc.paths['/api/organisation/staff/details'].post.responses[200].content['application/json'].schema;
    expect(staffDetails.properties.data.properties).toHaveProperty('email');
    expect(staffDetails.properties.data.properties).not.toHaveProperty('passwordHash');
  });
});
