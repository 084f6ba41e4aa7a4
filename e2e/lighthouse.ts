/**
 * `npm run lighthouse`: the public pages' Lighthouse scores (mobile, its default settings) on the
 * demo world. Builds the web app if there is no build, starts the product on a free port with the
 * demo data, and audits each page in the machine's Chromium; nothing leaves this machine.
 * LIGHTHOUSE_RUNS=3 audits each page three times and reports the median.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot, startServer } from './support/server';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** LIGHTHOUSE_PAGES=Landing,"A job" audits only the pages so named. */
/** LIGHTHOUSE_REPORTS=<dir> keeps each page's full report there (JSON), to see what a score is made of. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());

if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'))) {
  console.log('Building the web app first...');
  execSync('npm run -s build -w apps/web', { cwd: repoRoot, stdio: 'inherit' });
}

type Scores = { performance: number; accessibility: number; seo: number; lcpMs: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const firstLink = async (url: string, pattern: RegExp) => {
  const html = await (await fetch(url)).text();
  const found = html.match(pattern)?.[1];
  if (!found) throw new Error(`No link matching ${pattern} on ${url}`);
  return found;
};

console.log('Starting the product with the demo world...');
const server = await startServer({ seedDemo: true, env: { LOG_LEVEL: 'error' } });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});
try {
  const job = await firstLink(`${server.url}/jobs`, /href="(\/jobs\/[^"?#]+)"/);
  const company = await firstLink(`${server.url}${job}`, /href="(\/companies\/[^"?#]+)"/);
  const article = await firstLink(`${server.url}/articles`, /href="(\/articles\/[^"?#/]+)"/);
  const pages: [string, string][] = [
    ['Landing', '/'],
    ['Job search', '/jobs?q=developer'],
    ['A job', job],
    ['A company', company],
    ['Articles', '/articles'],
    ['An article', article],
  ];
  // Lighthouse 12 sometimes loses the start of the page load in Chromium's trace (NO_NAVSTART) and
  // says to run it again: a failed recording is measured again, up to three times, not scored 0.
  const measure = async (pagePath: string) => {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(`${server.url}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      if (!result.lhr.runtimeError || attempt === 3) return result;
      console.log(`  ${pagePath}: ${result.lhr.runtimeError.code}, measuring again`);
    }
  };
  const rows: (Scores & { name: string; path: string })[] = [];
  for (const [name, pagePath] of pages) {
    if (onlyPages && !onlyPages.includes(name)) continue;
    const each: Scores[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await measure(pagePath);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) console.log(`  ${name}: Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
      if (reportsDir) {
        fs.mkdirSync(reportsDir, { recursive: true });
        fs.writeFileSync(
          path.join(reportsDir, `${name.replaceAll(/\W+/g, '-').toLowerCase()}-${run + 1}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      each.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      });
      // What fell short, so a score below 100 says why.
      if (score('performance') < 90) {
        const metric = (id: string) => audits[id]?.displayValue ?? '?';
        console.log(
          `  ${name} performance: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}`,
        );
      }
      for (const [id, category] of Object.entries(categories)) {
        if (id === 'performance' || (category.score ?? 0) >= 1) continue;
        const failing = category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
        for (const audit of failing) {
          const items = ((audits[audit]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [])
            .map((item) => item.node?.snippet)
            .filter(Boolean)
            .slice(0, 3);
          console.log(`  ${name} ${id}: ${audit}${items.length ? ` (${items.join(' ')})` : ''}`);
        }
      }
    }
    rows.push({
      name,
      path: pagePath,
      performance: median(each.map((s) => s.performance)),
      accessibility: median(each.map((s) => s.accessibility)),
      seo: median(each.map((s) => s.seo)),
      lcpMs: median(each.map((s) => s.lcpMs)),
    });
  }
  console.log(`\nLighthouse, mobile (${runs === 1 ? 'one run' : `median of ${runs} runs`} per page):\n`);
  console.log('| Page | Performance | Accessibility | SEO | LCP |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.name} (\`${row.path}\`) | ${row.performance} | ${row.accessibility} | ${row.seo} | ${(row.lcpMs / 1000).toFixed(1)} s |`,
    );
} finally {
  chrome.kill();
  await server.stop();
}
