import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { login } from '@app/contract/resources/auth';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { defaultHiringPipeline } from '@app/contract/resources/hiring/pipeline';
import type { Browser, Locator, Page } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { hiringDemo } from '../../apps/server/src/demo/hiring';
import { jobBoardDemo } from '../../apps/server/src/demo/job-board';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage } from '../support/journey';
import { startServer, type TestServer } from '../support/server';
import { openSection, signIn } from '../support/steps';

// Issue 29 point 8: a recruiter long-lists, drags and bulk-moves on a job's board; a seeker's
// application on the public board lands at Applied; a phone shows one stage at a time.

const skip = skipWithoutChromium();
const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };
const seeker = { email: 'maya.patel@example.com', name: 'Maya Patel' };
const nurseJob = 'Ward nurse, winter cover';
const plannerJob = 'Transport planner';

let server: TestServer;
let browser: Browser;
let token: string;
/** Every console error and uncaught exception of every page the journeys open. */
const said: string[] = [];

before(async () => {
  if (skip) return;
  // The demo world: Brightpath's admin, three candidates, the two CRM jobs (the planner's board
  // holds the three candidates, Tomasz at Interviewing after his demo interview, Ellie at Screening) and Maya the seeker with a CV.
  // Made over HTTP on the running server, as the walk does: quicker than seeding before it starts.
  server = await startServer();
  try {
    const { api, upload } = httpApi(server.url);
    for (const step of [foundationDemo, crmDemo, hiringDemo, jobBoardDemo]) await step.run({ api, upload, superAdmin: server.superAdmin });
    token = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
});

// Each journey answers for its own pages' console.
beforeEach(() => {
  said.length = 0;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page signed in, once landed in its area, reporting its console errors to `said`. */
const personAt = async (email: string, landing: string, viewport: typeof desktop) => {
  const page = await openPage({ browser, server, context: { viewport, timezoneId: 'Europe/London' } });
  page.on('console', (message) => {
    if (message.type() === 'error') said.push(`${email} ${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`${email}: uncaught: ${error.message}`));
  await signIn(page, email, demoPassword);
  await page.waitForURL(`**${landing}`);
  return page;
};

type Application = {
  _id: string;
  candidate: { label: string };
  source: string;
  pipelineCurrentStage: string;
  pipelineStageHistory: { stage: string; remarks: string | null; movedBy: { name: string } }[];
};

const jobNamed = async (title: string) => {
  const jobs = (await httpApi(server.url).api(crmJob.calls.list!, { limit: 'ALL' }, token)).results as { _id: string; title: string }[];
  return jobs.find((job) => job.title === title) as { _id: string; title: string };
};

/** Stage type by stage row id, from the organisation's default pipeline (both demo jobs use it). */
const stageTypes = async () => {
  const pipeline = await httpApi(server.url).api(defaultHiringPipeline, {}, token);
  const items = pipeline.items as { _id: string; stage: { stageType: string } }[];
  return new Map(items.map((item) => [item._id, item.stage.stageType]));
};

/** Each application of the job as [candidate, current stage type, [stage type, remarks] of each history entry]. */
const applicationsOf = async (jobId: string) => {
  const types = await stageTypes();
  // The whole applications (a board's cards leave the history out), by the list's job filter.
  const { results } = await httpApi(server.url).api(crmJobApplication.calls.list!, { filter: { jobId }, limit: 'ALL' }, token);
  return (results as Application[])
    .map((row) => ({
      name: row.candidate.label,
      source: row.source,
      stage: types.get(row.pipelineCurrentStage),
      history: row.pipelineStageHistory.map((entry) => [types.get(entry.stage), entry.remarks, entry.movedBy.name]),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

const column = (page: Page, title: string, count: number) => page.getByRole('region', { name: `${title}: ${count}`, exact: true });

/**
 * Drags a card onto a column and waits for the board to say so. A loaded machine's headless pointer
 * sometimes ends a drag before the board has seen it start (nothing moves, nothing is written): as a
 * person would, it drags again, once.
 */
const dragOnto = async (page: Page, card: Locator, target: Locator, said: string) => {
  await card.dragTo(target);
  try {
    await page.getByText(said).first().waitFor({ timeout: 8_000 });
  } catch {
    await card.dragTo(target);
    await page.getByText(said).first().waitFor();
  }
};

/** Opens a job from the Jobs section, as a recruiter would, on its Board tab. */
const openJob = async (page: Page, title: string) => {
  await openSection(page, 'CRM', 'Jobs');
  await page.getByRole('link', { name: `Open ${title}` }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('tab', { name: 'Board', selected: true }).waitFor();
};

test('hiring: a recruiter long-lists three candidates from the candidate list, drags one to Short list and moves two to Screening at once', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await personAt(demoOrganisationAdmin, '/crm', desktop);
  const candidates = ['Amara Mensah', 'Ellie Barker', 'Tomasz Nowak'];

  // Three candidates ticked in the list, put on the nurse job's long list from the bulk bar.
  await openSection(page, 'CRM', 'Candidates');
  for (const name of candidates) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByText('3 candidates selected').waitFor();
  await bar.getByRole('button', { name: 'Add to long list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to long list: 3 candidates' });
  await dialog.getByRole('textbox', { name: 'Jobs', exact: true }).fill('Ward');
  await page.getByRole('option', { name: nurseJob }).click();
  // The chosen job shows as a pill; the list closes when the dialog's title is clicked.
  await dialog.getByText(nurseJob, { exact: true }).waitFor();
  await dialog.getByRole('heading').click();
  await dialog.getByRole('button', { name: 'Apply to 3 candidates' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('3 added to the long lists').waitFor();

  // The job's board: all three in Long list.
  await openJob(page, nurseJob);
  await column(page, 'Long list', 3).waitFor();
  await column(page, 'Short list', 0).waitFor();

  // Tomasz dragged to Short list.
  const tomasz = page.getByTestId('board-card').and(page.getByLabel('Tomasz Nowak', { exact: true }));
  // The target column in view first: were the page to scroll between pressing and moving the mouse,
  // Chromium would start the drag from whichever card had come under the pointer.
  const shortList = column(page, 'Short list', 0);
  await shortList.scrollIntoViewIfNeeded();
  await dragOnto(page, tomasz, shortList, 'Moved to Short list');
  await column(page, 'Long list', 2).waitFor();
  await column(page, 'Short list', 1).getByLabel('Tomasz Nowak', { exact: true }).waitFor();

  // Amara and Ellie ticked and moved to Screening together, with a remark.
  await page.getByRole('checkbox', { name: 'Select Amara Mensah' }).check();
  await page.getByRole('checkbox', { name: 'Select Ellie Barker' }).check();
  await page.getByRole('button', { name: 'Move 2 selected to…' }).click();
  await page.getByRole('menuitem', { name: 'Screening', exact: true }).click();
  const move = page.getByRole('dialog', { name: 'Move 2 applications to Screening' });
  await move.getByLabel('Remarks').fill('Both free for a phone screen this week.');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await move.waitFor({ state: 'hidden' });
  await page.getByText('2 moved to Screening').waitFor();
  await column(page, 'Long list', 0).waitFor();
  await column(page, 'Short list', 1).waitFor();
  const screening = column(page, 'Screening', 2);
  await screening.getByLabel('Amara Mensah', { exact: true }).waitFor();
  await screening.getByLabel('Ellie Barker', { exact: true }).waitFor();
  assert.equal(await page.getByRole('checkbox', { name: /^Select /, checked: true }).count(), 0, 'the selection is cleared');

  // The server holds the same: each move in the history, by the admin, with its remarks.
  const job = await jobNamed(nurseJob);
  const by = 'Alex Morgan';
  const longListed = ['LONG_LIST', 'Added to the long list', by];
  const screened = ['SCREENING', 'Both free for a phone screen this week.', by];
  assert.deepEqual(await applicationsOf(job._id), [
    { name: 'Amara Mensah', source: 'MANUAL', stage: 'SCREENING', history: [longListed, screened] },
    { name: 'Ellie Barker', source: 'MANUAL', stage: 'SCREENING', history: [longListed, screened] },
    { name: 'Tomasz Nowak', source: 'MANUAL', stage: 'SHORT_LIST', history: [longListed, ['SHORT_LIST', null, by]] },
  ]);
  await page.context().close();
  assert.deepEqual(said, [], 'no console errors');
});

test('hiring: staff publish a CRM job to the job board; a seeker finds it, applies, and shows at Applied on its board', {
  skip,
  timeout: 120_000,
}, async () => {
  const recruiter = await personAt(demoOrganisationAdmin, '/crm', desktop);
  await openJob(recruiter, plannerJob);
  await column(recruiter, 'Applied', 0).waitFor();
  await recruiter.getByRole('button', { name: 'Publish to job board' }).click();
  await recruiter.getByText('Published on the job board').waitFor();
  await recruiter.getByRole('link', { name: 'On the job board' }).waitFor();

  // Maya finds it among the board's jobs and applies with the CV in her profile.
  const maya = await personAt(seeker.email, '/seeker', desktop);
  await maya.goto('/jobs');
  const bar = maya.getByRole('search', { name: 'Job search' });
  await bar.getByLabel('Keywords').fill('transport planner');
  await bar.getByLabel('Place or postcode').fill('Leeds');
  await bar.getByRole('button', { name: 'Search' }).click();
  await maya.getByRole('article', { name: plannerJob }).getByRole('link', { name: plannerJob }).click();
  await maya.getByRole('heading', { level: 1, name: plannerJob }).waitFor();
  await maya.getByRole('button', { name: 'Apply now' }).click();
  const dialog = maya.getByRole('dialog', { name: `Apply for ${plannerJob}` });
  await dialog.getByRole('radio', { checked: true }).waitFor();
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await maya.getByText(/You applied on/).waitFor();

  // The recruiter's board shows her at Applied, marked as from the job board.
  await recruiter.reload();
  const applied = column(recruiter, 'Applied', 1);
  const card = applied.getByLabel(seeker.name, { exact: true });
  await card.waitFor();
  await card.getByText('Job board').waitFor();
  const job = await jobNamed(plannerJob);
  const mine = (await applicationsOf(job._id)).find((row) => row.name === seeker.name);
  assert.deepEqual(mine && { source: mine.source, stage: mine.stage, stages: mine.history.map(([stage]) => stage) }, {
    source: 'BOARD',
    stage: 'APPLIED',
    stages: ['APPLIED'],
  });
  await recruiter.context().close();
  await maya.context().close();
  assert.deepEqual(said, [], 'no console errors');
});

test('hiring: on a phone the board shows one stage at a time, chosen from a Stage select, and a card moves from its menu', {
  skip,
  timeout: 120_000,
}, async () => {
  const page = await personAt(demoOrganisationAdmin, '/crm', phone);
  const job = await jobNamed(plannerJob);
  await page.goto(`/crm/jobs/${job._id}`);
  await page.getByRole('heading', { level: 1, name: plannerJob }).waitFor();
  const columns = page.getByRole('region', { name: /^[^:]+: \d+$/ });
  await columns.first().waitFor();
  assert.equal(await columns.count(), 1, 'one stage at a time');
  assert.match((await columns.first().getAttribute('aria-label')) ?? '', /^Applied: \d+$/);

  // Screening chosen: Ellie, moved from her card's menu to Interviewing, where Tomasz already is (his demo interview).
  await page.getByRole('textbox', { name: 'Stage', exact: true }).click();
  await page.getByRole('option', { name: 'Screening (1)' }).click();
  const screening = column(page, 'Screening', 1);
  await screening.getByRole('button', { name: 'Move Ellie Barker' }).click();
  await page.getByRole('menuitem', { name: 'Interviewing', exact: true }).click();
  await page.getByText('Moved to Interviewing').waitFor();
  await column(page, 'Screening', 0).waitFor();
  assert.equal(await columns.count(), 1, 'still one stage at a time');

  await page.getByRole('textbox', { name: 'Stage', exact: true }).click();
  await page.getByRole('option', { name: 'Interviewing (2)' }).click();
  await column(page, 'Interviewing', 2).getByLabel('Ellie Barker', { exact: true }).waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll on the phone');

  const ellie = (await applicationsOf(job._id)).find((row) => row.name === 'Ellie Barker');
  assert.deepEqual(
    ellie?.history.map(([stage]) => stage),
    ['LONG_LIST', 'SCREENING', 'INTERVIEWING'],
  );
  assert.equal(ellie?.stage, 'INTERVIEWING');
  await page.context().close();
  assert.deepEqual(said, [], 'no console errors');
});
