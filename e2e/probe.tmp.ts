import { launchBrowser } from '/work/wt-ux/e2e/support/browser';
const base = process.env.BASE ?? 'http://127.0.0.1:4781';
const paths = process.argv.slice(2);
const browser = await launchBrowser();
const page = await (await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })).newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${m.type()}]`, m.text(), JSON.stringify(m.location())); });
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
page.on('requestfailed', (r) => console.log('[requestfailed]', r.url()));
page.on('response', (r) => { if (r.status() >= 400) console.log('[http]', r.status(), r.url()); });
for (const p of paths) {
  console.log('==', p);
  await page.goto(p);
  await page.waitForTimeout(2500);
}
await browser.close();
