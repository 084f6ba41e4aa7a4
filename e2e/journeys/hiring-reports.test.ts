import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { login } from '@app/contract/resources/auth';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { applicationStages, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { defaultHiringPipeline } from '@app/contract/resources/hiring/pipeline';
import type { Browser } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { hiringDemo } from '../../apps/server/src/demo/hiring';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage } from '../support/journey';
import { startServer, type TestServer } from '../support/server';
import { openSection, signIn } from '../support/steps';

// Issue 29 point 7: a manager reads the hiring reports per job and per recruiter, downloads them as
// CSV, and reads them on a phone.

const skip = skipWithoutChromium();
const plannerJob = 'Transport planner';

let server: TestServer;
let browser: Browser;
const said: string[] = [];

before(async () => {
  if (skip) return;
  server = await startServer();
  try {
    const { api, upload } = httpApi(server.url);
    for (const step of [foundationDemo, crmDemo, hiringDemo]) await step.run({ api, upload, superAdmin: server.superAdmin });
    const token = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    // The planner's board holds three candidates; one of them is hired, so the report has a hire.
    const jobs = (await api(crmJob.calls.list!, { limit: 'ALL' }, token)).results as { _id: string; title: string }[];
    const job = jobs.find((row) => row.title === plannerJob) as { _id: string };
    const { results } = await api(jobApplicantsList, { jobId: job._id, limit: 'ALL' }, token);
    const pipeline = await api(defaultHiringPipeline, {}, token);
    const hired = (pipeline.items as { _id: string; stage: { stageType: string } }[]).find((item) => item.stage.stageType === 'HIRED');
    await api(
      applicationStages.moveMany,
      { jobApplicationIds: [(results as { _id: string }[])[0]?._id], pipelineItemId: hired?._id, joiningDate: '2027-01-04T00:00:00.000Z' },
      token,
    );
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const personAt = async (viewport: { width: number; height: number }) => {
  const page = await openPage({ browser, server, context: { viewport, timezoneId: 'Europe/London', acceptDownloads: true } });
  page.on('console', (message) => {
    if (message.type() === 'error') said.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  await signIn(page, demoOrganisationAdmin, demoPassword);
  await page.waitForURL('**/crm');
  return page;
};

test('hiring reports: per job and per recruiter, as CSV, and on a phone', { skip, timeout: 120_000 }, async () => {
  const page = await personAt({ width: 1366, height: 800 });
  await openSection(page, 'CRM', 'Hiring reports');
  const perJob = page.getByRole('region', { name: 'Per job' });
  await perJob.getByRole('button', { name: plannerJob }).waitFor();
  const hires = page.getByRole('region', { name: 'Hires' });
  await hires.getByText('1 hire', { exact: true }).waitFor();
  await hires.getByText('Manual: 1').waitFor();
  await page.getByRole('region', { name: 'Funnel: applications reaching each stage' }).waitFor();
  await page
    .getByRole('region', { name: 'Conversion to the next stage' })
    .getByRole('row', { name: /^Long list Short list/ })
    .waitFor();

  // Per recruiter: the admin added all three; their name shows their own figures.
  await page.getByText('Recruiter', { exact: true }).first().click();
  const perRecruiter = page.getByRole('region', { name: 'Per recruiter' });
  await perRecruiter.getByRole('button', { name: 'Alex Morgan' }).click();
  await page.getByRole('heading', { level: 2, name: 'Alex Morgan' }).waitFor();
  await page.getByRole('button', { name: 'Show all' }).click();
  await page.getByRole('heading', { level: 2, name: 'All recruiters' }).waitFor();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^hiring-report-recruiter-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
  const lines = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  assert.equal(lines[0]?.split(',').slice(0, 3).join(','), 'Recruiter,Stage,Reached');
  assert.ok(lines.some((line) => line.startsWith('Alex Morgan,Hired,1,')));
  assert.equal(lines.length, 1 + 13 + 13);
  await page.context().close();

  // On a phone: the same page, nothing wider than the screen.
  const phone = await personAt({ width: 390, height: 844 });
  await phone.goto('/crm/hiring-reports');
  await phone.getByRole('region', { name: 'Per job' }).getByRole('button', { name: plannerJob }).waitFor();
  await phone.getByRole('region', { name: 'Hires' }).getByText('1 hire', { exact: true }).waitFor();
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'no sideways scrolling');
  await phone.context().close();
  assert.deepEqual(said, [], 'no console errors');
});
