import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/test-app';
import { unique } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('a write the database refuses as a duplicate (two racing writes, say) is a 409, not a 500', async () => {
  // The database alone holds this rule, as it does for writes that race past the server's own checks.
  await t.app.database.db.execute(sql.raw(`create unique index one_phone on users (phone) where phone = '+447700900999'`));
  try {
    const register = (first: string) =>
      call(t.app, registerJobSeeker, {
        name: { first, last: 'Twin' },
        email: `${unique(first)}@example.com`,
        phone: '+447700900999',
        password: 'Correct-Horse-Battery-9',
      });
    expect((await register('ann')).status).toBe(200);
    const second = await register('bea');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 409, success: false, message: 'This record already exists' });
  } finally {
    await t.app.database.db.execute(sql.raw('drop index one_phone'));
  }
});
