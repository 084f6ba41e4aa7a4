import { password } from '@app/contract/conventions/common';
import { createFirstSuperAdmin, setupStatus } from '@app/contract/resources/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from './support/test-app';
import { signIn } from './support/world';

describe('setup refuses a weak password with the rule every other password follows', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    t = await startTestApp({ withSuperAdmin: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setup = (pass: unknown) =>
    call(t.app, createFirstSuperAdmin, { name: { first: 'Root' }, email: 'root@example.com', password: pass });
  /** The message the shared rule gives, word for word, as every other password field answers it. */
  const ruleSays = (pass: string) => password.safeParse(pass).error?.issues[0]?.message;

  it.each([['short'], ['1234567'], ['x'.repeat(201)]])('refuses %j with the shared rule’s message and makes no one', async (pass) => {
    const answer = await setup(pass);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(ruleSays(pass));
    expect(answer.body.data.errors).toEqual([{ field: 'password', message: ruleSays(pass) }]);
    expect((await call(t.app, setupStatus, {})).body.data).toEqual({ needsSetup: true });
  });

  it('says the rule in words: at least 8 characters', async () => {
    expect((await setup('short')).body.message).toBe('Password must be at least 8 characters.');
    expect((await setup(undefined)).body.message).toBe('Please enter password');
  });

  it('takes a password the rule accepts, once', async () => {
    const made = await setup('Long-enough-2026');
    expect(made.status, made.body.message).toBe(200);
    expect(await signIn(t.app, 'root@example.com', 'Long-enough-2026')).toBeTruthy();
    expect((await setup('Long-enough-2026')).status).toBe(409);
  });
});
