import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCompany, aJob } from './support/job-board';
import { startTestApp, type TestApp } from './support/test-app';

/** A built web app as Vite writes it: index.html and a hashed script under assets/. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html>\n<html>\n  <head>\n    <title>Recruit</title>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');

let t: TestApp;
let secure: TestApp;
let jobSlug: string;
beforeAll(async () => {
  t = await startTestApp({ webDist });
  secure = await startTestApp({ webDist, appUrl: 'https://jobs.example.com' });
  const company = await aCompany(t.app);
  jobSlug = (await aJob(t.app, company.token)).slug;
});
afterAll(async () => {
  await Promise.all([t?.close(), secure?.close()]);
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
const policyOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

const expectCommonHeaders = (headers: Record<string, unknown>, url: string) => {
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  expect(policyOf(headers)['frame-ancestors'], url).toEqual(["'self'"]);
  expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
};

describe('every HTML page and the web app’s files carry the security headers', () => {
  it('the web app (its page, its scripts, a browser route, a job’s page) with a policy it works under', async () => {
    for (const url of ['/', '/assets/index-abc.js', '/crm/staff', `/jobs/${jobSlug}`, '/jobs/no-such-job']) {
      const response = await get(t, url);
      expect(response.statusCode, url).toBeLessThan(500);
      expectCommonHeaders(response.headers, url);
      const policy = policyOf(response.headers);
      expect(policy['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(policy['frame-src'], url).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(policy['connect-src'], url).toContain("'self'");
      expect(policy['upgrade-insecure-requests'], url).toBeUndefined();
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('the server’s own pages keep their stricter policy (no script at all) and gain the common headers', async () => {
    for (const url of ['/articles', '/articles/no-such-article', '/card/no-such-card']) {
      const response = await get(t, url);
      expectCommonHeaders(response.headers, url);
      expect(policyOf(response.headers)['default-src'], url).toEqual(["'none'"]);
      expect(policyOf(response.headers)['script-src'], url).toBeUndefined();
    }
  });

  it('the API’s answers are nosniff too; the API docs have a policy of their own that lets Swagger UI run', async () => {
    const api = await get(t, '/api/lookups');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const docs = await get(t, '/api/docs/');
    expect(docs.statusCode).toBe(200);
    expectCommonHeaders(docs.headers, '/api/docs/');
    const policy = policyOf(docs.headers);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    const script = await get(t, '/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HSTS (and upgrading insecure requests) only when APP_URL is https', async () => {
    for (const url of ['/', '/articles', '/api/lookups']) {
      const response = await get(secure, url);
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=31536000; includeSubDomains/);
    }
    expect(policyOf((await get(secure, '/')).headers)['upgrade-insecure-requests']).toEqual([]);
    expect(policyOf((await get(secure, '/')).headers)['connect-src']).toEqual(["'self'", 'https://jobs.example.com', 'data:']);
  });
});
