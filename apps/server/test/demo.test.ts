import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DemoApi } from '../src/demo/demo-step';
import { foundationDemo } from '../src/demo/foundation';
import { call, startTestApp, superAdmin, type TestApp } from './support/test-app';
import { signIn } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('the demo world loads through the API and every sign-in the README lists works', async () => {
  const api: DemoApi = async (spec, input, token) => {
    const { status, body } = await call(t.app, spec, input, token);
    expect(status, `${spec.path}: ${body.message}`).toBe(200);
    return body.data;
  };
  await foundationDemo.run({ api, superAdmin });
  for (const s of foundationDemo.signIns.filter((s) => !s.area.startsWith('/admin'))) {
    expect(await signIn(t.app, s.email, s.password)).toBeTruthy();
  }
});
