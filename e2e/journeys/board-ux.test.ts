import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { jobBoardDemo } from '../../apps/server/src/demo/job-board';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage, type ServerAndBrowser, startServerAndBrowser } from '../support/journey';
import type { TestServer } from '../support/server';
import { signIn } from '../support/steps';

// The demo's job board: Northern Digital's jobs in Leeds, Sheffield, Manchester and London, Harbour
// Health's in the South West; Maya applied to three of Northern Digital's, James to none.
const password = 'Demo-pass-2026';
const recruiter = 'talent@northerndigital.demo';
const maya = 'Maya Patel';
const james = 'james.oconnor@example.com';

const skip = skipWithoutChromium();
let server: TestServer;
let browser: Browser;
let world: ServerAndBrowser;

before(async () => {
  if (skip) return;
  world = await startServerAndBrowser();
  ({ server, browser } = world);
  const { api, upload } = httpApi(server.url);
  await jobBoardDemo.run({ api, upload, superAdmin: server.superAdmin }).catch(async (error) => {
    await world.stop();
    throw error;
  });
});

after(async () => {
  await world?.stop();
});

const newPage = (viewport = { width: 1280, height: 900 }) => openPage({ browser, server, context: { viewport } });

/** Every console error and warning, and every uncaught error, the page logs from now on. */
const consoleOf = (page: Page) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`uncaught: ${error.message}`));
  return logged;
};

/** The distances the result cards say, in their order, leaving out featured jobs (always first). */
const distancesOf = async (page: Page) => {
  const cards = await page.getByRole('article').all();
  const distances: number[] = [];
  for (const card of cards) {
    const text = (await card.textContent()) ?? '';
    if (text.includes('Featured')) continue;
    const match = /under 1 mi away|([\d.]+) mi away/.exec(text);
    if (match) distances.push(match[1] ? Number(match[1]) : 0);
  }
  return distances;
};

test('a signed-out visit to the landing page, the search and a job logs no console error or warning', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage();
  const logged = consoleOf(page);
  await page.goto('/');
  await page.getByRole('search', { name: 'Job search' }).waitFor();
  await page.goto('/jobs?q=developer');
  const result = page.getByRole('article', { name: 'Frontend Developer (React)' });
  await result.getByRole('link', { name: 'Frontend Developer (React)' }).click();
  await page.getByRole('heading', { level: 1, name: 'Frontend Developer (React)' }).waitFor();
  await page.getByRole('link', { name: 'Sign in to apply' }).waitFor();
  // The summary is said once, though the company's details open with it too.
  assert.equal(await page.getByText('Build accessible interfaces with React for clients across the North.').count(), 1);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(logged, []);
});

test('the public pages come drawn by the server, their files compressed and kept for good, no signed-in area loaded', {
  skip,
  timeout: 120_000,
}, async () => {
  // Without any script: the search's results and the job are in the first HTML.
  const page = await (await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })).newPage();
  await page.goto('/jobs?q=developer');
  const result = page.getByRole('article', { name: 'Frontend Developer (React)' });
  await result.waitFor();
  // Drawn from the data just loaded, the results are not announced as loading to a screen reader.
  assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'nothing on the drawn search is marked busy');
  const jobPath = await result.getByRole('link', { name: 'Frontend Developer (React)' }).getAttribute('href');
  if (!jobPath?.startsWith('/jobs/')) assert.fail(`a job's link, not ${jobPath}`);
  await page.goto(jobPath);
  await page.getByRole('heading', { level: 1, name: 'Frontend Developer (React)' }).waitFor();
  await page.getByText('Build accessible interfaces with React for clients across the North.').waitFor();

  const searchAnswer = await fetch(`${server.url}/jobs?q=developer`, { headers: { 'accept-encoding': 'br, gzip' } });
  assert.equal(searchAnswer.headers.get('content-encoding'), 'br');
  assert.match(searchAnswer.headers.get('cache-control') ?? '', /no-cache/);
  assert.match(await searchAnswer.text(), /Senior TypeScript Developer/);

  // With scripts: the landing page's files come compressed, cached as immutable, and none of a signed-in area.
  const visitor = await newPage();
  const files: { url: string; encoding?: string; cache?: string }[] = [];
  visitor.on('response', async (response) => {
    if (!response.url().includes('/assets/')) return;
    const headers = await response.allHeaders();
    files.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
  });
  await visitor.goto('/');
  await visitor.getByRole('search', { name: 'Job search' }).waitFor();
  await visitor.waitForLoadState('networkidle');
  assert.ok(files.length > 0);
  for (const file of files) {
    assert.equal(file.encoding, 'br', file.url);
    assert.equal(file.cache, 'public, max-age=31536000, immutable', file.url);
    assert.doesNotMatch(file.url, /(admin|crm|seeker|company|client)-shell|dashboard-page|calendar-page|react-pdf/, file.url);
  }
});

test('a public page runs no code while the visitor reads; words typed and Search pressed before it is ready still search', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage();
  await page.goto('/');
  // Opened afresh (a reload, with no pointer moving), the page fetches its small entry file and no more.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await page.getByRole('search', { name: 'Job search' }).waitFor();
  await page.waitForTimeout(1500);
  assert.equal(scripts.length, 1, `scripts fetched while reading: ${scripts.join(', ')}`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), undefined);

  // The visitor types and presses Search at once: the words are kept and searched once the page answers.
  await page.getByLabel('Keywords').fill('developer');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('q') === 'developer');
  await page.getByRole('article', { name: 'Frontend Developer (React)' }).waitFor();
  assert.equal(await page.getByLabel('Keywords').inputValue(), 'developer');
});

test('on a slow phone, words typed and Search pressed while the page is still starting search all the same', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage({ width: 390, height: 844 });
  await page.goto('/');
  // A phone's processor, several times slower: the page's code is still starting when Search is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.reload();
  await page.getByLabel('Keywords').fill('developer');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('q') === 'developer');
  await page.getByRole('article', { name: 'Frontend Developer (React)' }).waitFor();
});

test('search: the distance applies at once like the other filters, and results sort nearest first', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage();
  await page.goto('/jobs?q=engineer&place=Leeds');
  await page.getByText('within 10 mi of Leeds').waitFor();
  assert.equal(await page.getByRole('article', { name: 'DevOps Engineer' }).count(), 0);

  // A wider distance searches again without pressing Search.
  await page.getByRole('search', { name: 'Job search' }).getByLabel('Distance', { exact: true }).click();
  await page.getByRole('option', { name: 'Within 50 mi' }).click();
  await page.waitForURL((url) => url.searchParams.get('radius') === '50');
  await page.getByRole('article', { name: 'DevOps Engineer' }).waitFor();

  // Nearest first: Sheffield (about 30 miles) before Manchester (about 36), whatever their relevance.
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Nearest first' }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'distance');
  await page.getByRole('article', { name: 'Graduate Software Engineer' }).waitFor();
  const distances = await distancesOf(page);
  assert.ok(distances.length >= 2, `distances: ${distances}`);
  assert.deepEqual(
    distances,
    [...distances].sort((a, b) => a - b),
  );
  const titles = await page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent));
  assert.ok(titles.indexOf('Graduate Software Engineer') < titles.indexOf('DevOps Engineer'), titles.join(', '));

  // Miles or kilometres is a filter too: the distances are said again in kilometres.
  await page.getByRole('search', { name: 'Job search' }).locator('label', { hasText: /^km$/ }).click();
  await page.waitForURL((url) => url.searchParams.get('unit') === 'km');
  await page.getByText('within 50 km of Leeds').waitFor();
});

test('the heart pressed while signed out saves the job once the visitor has signed in', { skip, timeout: 120_000 }, async () => {
  const page = await newPage();
  await page.goto('/jobs?q=analyst');
  await page.getByRole('button', { name: 'Save Data Analyst to wishlist' }).click();
  // Signed in from where the heart sent them, so they come back to the search.
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('next'));
  await page.getByLabel('Email', { exact: true }).fill(james);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('q') === 'analyst');
  await page.getByText('Saved to your wishlist').waitFor();
  await page.getByRole('button', { name: 'Remove Data Analyst from wishlist', pressed: true }).waitFor();
  await page.goto('/seeker/wishlist');
  await page.getByRole('link', { name: 'Data Analyst' }).first().waitFor();
});

test('a recruiter is asked before a rejection mails the applicant; on a phone their jobs are cards', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage({ width: 390, height: 844 });
  await signIn(page, recruiter, password);
  await page.waitForURL('**/company/jobs');

  // On a phone the jobs table becomes one card per job: nothing runs off the screen.
  const row = page.locator('tbody tr', { hasText: 'Frontend Developer (React)' });
  await row.waitFor();
  const [title, status] = await row.locator('td').all();
  const [titleBox, statusBox] = [await title!.boundingBox(), await status!.boundingBox()];
  assert.ok(titleBox && statusBox && statusBox.y >= titleBox.y + titleBox.height, 'the status is under the title, not beside it');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);

  await row.getByRole('link', { name: 'Frontend Developer (React)', exact: true }).click();
  await page.getByRole('heading', { name: 'Applicants for Frontend Developer (React)' }).waitFor();
  const applicant = page.getByRole('article', { name: maya });
  await applicant.getByText('Applied', { exact: true }).waitFor();

  // Cancelling the question changes nothing.
  await applicant.getByRole('button', { name: `Change status of ${maya}` }).click();
  await page.getByRole('menuitem', { name: 'Reject' }).click();
  const question = page.getByRole('dialog', { name: `Reject ${maya}?` });
  await question.getByText(`${maya} will be emailed`).waitFor();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'hidden' });
  assert.equal(await applicant.getByText('Applied', { exact: true }).count(), 1);

  // Confirming rejects them.
  await applicant.getByRole('button', { name: `Change status of ${maya}` }).click();
  await page.getByRole('menuitem', { name: 'Reject' }).click();
  await question.getByRole('button', { name: 'Reject and email' }).click();
  await applicant.getByText('Rejected', { exact: true }).waitFor();
});

test('a CV opened straight from the address bar previews a new photo without console errors or warnings', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await newPage({ width: 1360, height: 900 });
  await signIn(page, 'maya.patel@example.com', password);
  await page.waitForURL((url) => url.pathname === '/seeker');
  await page.goto('/seeker/cvs');
  await page.getByRole('link', { name: 'Edit Frontend Developer' }).click();
  await page.waitForURL(/\/seeker\/cvs\/[0-9a-f]{24}$/);
  const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 160 } });

  // A full load of the builder (lazy screens, no fallback warning), then a photo drawn into the preview.
  const logged = consoleOf(page);
  await page.reload();
  await page.getByText('Up to date').waitFor();
  const drawn = await page.getByTitle('Preview of your CV').getAttribute('src');
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Photo', { exact: true }).click();
  await (await chooser).setFiles({ name: 'maya.png', mimeType: 'image/png', buffer: photo });
  // The preview is drawn again, with the photo (a new drawing is a new blob address).
  await page.waitForFunction(
    (before) => document.querySelector('iframe[title="Preview of your CV"]')?.getAttribute('src') !== before,
    drawn,
  );
  await page.getByText('Up to date').waitFor();
  assert.deepEqual(logged, []);
});
