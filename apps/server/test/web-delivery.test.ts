import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/** A built web app as the build writes it: index.html, and a hashed script with its .br and .gz beside it. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-web-'));
const script = `console.log(${JSON.stringify('a line of the app '.repeat(200))});`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html>\n<html>\n  <head>\n    <title>Recruit</title>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </head>\n  <body><div id="root"></div><noscript>${'This app needs JavaScript. '.repeat(60)}</noscript></body>\n</html>\n`,
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nAllow: /\n');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app’s files and pages go out compressed and cached as long as they can be', () => {
  it('a hashed file: the build’s brotli (or gzip) copy, kept a year without asking again', async () => {
    const brotli = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('pages and files without a hash are checked on every use; pages and JSON are compressed on the way out', async () => {
    for (const url of ['/', '/crm/staff', '/jobs']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toMatch(/no-cache/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toContain('<div id="root">');
    }
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');

    const json = await get('/api/openapi.json', 'gzip');
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(json.rawPayload).toString()).openapi).toBeTruthy();
  });
});
