import { expect, it } from 'vitest';
import { contentDemo } from '../src/demo/content';
import { crmDemo } from '../src/demo/crm';
import { foundationDemo } from '../src/demo/foundation';
import { injectClient } from '../src/demo/inject-client';
import { jobBoardDemo } from '../src/demo/job-board';
import { call, startTestApp, superAdmin } from './support/test-app';
import { signIn } from './support/world';

it('the demo world loads through the API and every sign-in the README lists works', { timeout: 120_000 }, async () => {
  const t = await startTestApp();
  try {
    const client = injectClient(t.app);
    for (const step of [foundationDemo, crmDemo, jobBoardDemo, contentDemo]) await step.run({ ...client, superAdmin });
    for (const s of [foundationDemo, crmDemo, jobBoardDemo, contentDemo]
      .flatMap((step) => step.signIns)
      .filter((s) => !s.area.startsWith('/admin'))) {
      expect(await signIn(t.app, s.email, s.password)).toBeTruthy();
    }
    const search = await call(
      t.app,
      { method: 'POST', path: '/recruiter/job/list' },
      { search: 'developer', location: { place: 'Leeds', radius: 10 } },
    );
    expect(search.body.data.totalResults).toBeGreaterThanOrEqual(2);
  } finally {
    await t.close();
  }
});
