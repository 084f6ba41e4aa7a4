import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { contentDemo } from '../../apps/server/src/demo/content';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { hiringDemo } from '../../apps/server/src/demo/hiring';
import { jobBoardDemo } from '../../apps/server/src/demo/job-board';
import { sectionsOf } from '../../apps/web/src/kit/sections';
import { login } from '../../packages/contract/src/resources/auth';
import { callLog } from '../../packages/contract/src/resources/crm/call-log';
import { client } from '../../packages/contract/src/resources/crm/client';
import { clientCredentials } from '../../packages/contract/src/resources/crm/client-credentials';
import { contact } from '../../packages/contract/src/resources/crm/contact';
import { crmJob } from '../../packages/contract/src/resources/hiring/crm-job';
import { generateFeedbackRequest } from '../../packages/contract/src/resources/hiring/feedback';
import { jobApplicantsList } from '../../packages/contract/src/resources/hiring/job-application';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage } from '../support/journey';
import { startMailCatcher } from '../support/mail-catcher';
import { type Screen, type Walker, type WalkReport, walkScreens } from '../support/screen-walk';
import { startServer } from '../support/server';
import { signIn } from '../support/steps';

const viewports = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;

const publicScreens: Screen[] = [
  { path: '/' },
  { path: '/jobs' },
  { path: { linkFrom: '/jobs', startsWith: '/jobs/' } },
  { path: { linkFrom: '/jobs', startsWith: '/companies/' } },
  { path: '/contact' },
  { path: '/articles' },
  { path: { linkFrom: '/articles', startsWith: '/articles/' } },
  { path: '/card/daniel-okafor' },
  { path: '/login' },
  { path: '/register' },
  { path: '/register/company' },
  { path: '/forgot-password' },
  { path: '/reset-password?token=not-a-real-token', expectedFailures: /^POST 4\d\d \/api\/auth\/reset-password/ },
  // An outside interviewer's page before its code: asking for one for an interview that is not there is told so.
  { path: '/interview/000000000000000000000000', expectedFailures: /^POST 404 \/api\/interview-information\// },
  { path: '/no-such-page' },
];

const seekerScreens: Screen[] = [
  { path: '/seeker' },
  { path: '/seeker/applications' },
  { path: '/seeker/wishlist' },
  { path: '/seeker/account' },
  { path: '/seeker/agencies' },
  { path: '/seeker/cvs' },
  { path: { linkFrom: '/seeker/cvs', startsWith: '/seeker/cvs/', not: /\/new$/ } },
  { path: '/seeker/cvs/new' },
  { path: '/seeker/cover-letters' },
  { path: { linkFrom: '/seeker/cover-letters', startsWith: '/seeker/cover-letters/', not: /\/new$/ } },
];

const companyScreens: Screen[] = [
  { path: '/company/jobs' },
  { path: '/company/jobs/new' },
  { path: { linkFrom: '/company/jobs', startsWith: '/company/jobs/', not: /\/new$|\/applicants$/ } },
  { path: { linkFrom: '/company/jobs', startsWith: '/company/jobs/', not: /\/new$|\/edit$/ } },
  { path: '/company/profile' },
];

// The admin console's sections as the definitions place them, the same list its menu is drawn from; then its record pages and editors.
const adminScreens: Screen[] = [
  { path: '/admin' },
  ...sectionsOf('admin').map(({ screen }) => ({ path: `/admin/${screen.path}` })),
  { path: { linkFrom: '/admin/job-seekers', startsWith: '/admin/job-seekers/' } },
  { path: { linkFrom: '/admin/companies', startsWith: '/admin/companies/' } },
  { path: '/admin/articles/new' },
  { path: { clickFrom: '/admin/articles', button: /^Edit / } },
  { path: '/admin/profile' },
];

// The CRM's sections as the definitions place them, the same list its menu is drawn from: a new one is walked without a line here.
const crmScreens: Screen[] = [
  { path: '/crm' },
  ...sectionsOf('crm').map(({ screen }) => ({ path: `/crm/${screen.path}` })),
  { path: { linkFrom: '/crm/clients', startsWith: '/crm/clients/' } },
  { path: { linkFrom: '/crm/candidates', startsWith: '/crm/candidates/', not: /\/merge/ } },
  { path: '/crm/candidates/merge' },
  { path: { linkFrom: '/crm/jobs', startsWith: '/crm/jobs/' } },
  { path: { linkFrom: '/crm/applications', startsWith: '/crm/applications/' } },
  { path: { linkFrom: '/crm/pipelines', startsWith: '/crm/pipelines/', not: /\/new/ } },
  { path: '/crm/pipelines/new' },
  { path: '/crm/hiring-reports' },
  { path: { linkFrom: '/crm/roles', startsWith: '/crm/roles/' } },
  { path: '/crm/profile' },
];

// Northwind's jobs: the demo's Transport planner, with its long list on the board of stages.
const clientScreens: Screen[] = [
  { path: '/client' },
  { path: '/client/jobs' },
  { path: { linkFrom: '/client/jobs', startsWith: '/client/jobs/' } },
  { path: '/client/applications' },
  { path: '/client/interviews' },
  { path: '/client/feedback' },
];

/** The world: the demo (an organisation, staff, clients, candidates, companies, jobs, seekers, articles), a contact with a call and a portal sign-in. */
const setUp = async (url: string, superAdmin: { email: string; password: string }) => {
  const { api, upload } = httpApi(url);
  for (const step of [foundationDemo, crmDemo, hiringDemo, jobBoardDemo, contentDemo]) await step.run({ api, upload, superAdmin });
  const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
  const clients = (await api(client.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; name: string }[];
  const northwind = clients.find((c) => c.name === 'Northwind Logistics') as { _id: string };
  const person = await api(
    contact.calls.create!,
    {
      profile: { name: { first: 'Olive', last: 'Ostrowski' }, email: 'olive@northwind.demo' },
      relatedTo: [{ _id: northwind._id, entityType: 'Client' }],
    },
    admin,
  );
  await api(
    callLog.calls.create!,
    { title: 'Driver shortlist follow-up', contactIds: [person._id], relatedTo: [{ _id: northwind._id, entityType: 'Client' }] },
    admin,
  );
  await api(clientCredentials, { _id: person._id }, admin);
  // Northwind is asked for its feedback on Tomasz, so the portal has a request waiting and staff one on his application.
  const planner = (await api(crmJob.calls.list!, { search: 'Transport planner' }, admin)).results as { _id: string }[];
  const cards = (await api(jobApplicantsList, { jobId: planner[0]?._id, limit: 'ALL' }, admin)).results as {
    _id: string;
    candidate: { label: string };
  }[];
  const tomasz = cards.find((card) => card.candidate.label === 'Tomasz Nowak');
  assert.ok(tomasz, 'Tomasz is on the planner job');
  await api(generateFeedbackRequest, { jobApplicationId: tomasz._id, message: 'How did the first interview go?' }, admin);
  return { portalEmail: 'olive@northwind.demo' };
};

type Account = { email: string; password: string };
type Person = {
  who: string;
  account: Account | null;
  landing: string;
  screens: Screen[];
  readOnly?: boolean;
  /** Whose screens axe checks (on desktop). A recruiter's and a team lead's are the admin's with less on them: walked, not checked again. */
  axe?: boolean;
};

const staff = (email: string): Account => ({ email, password: demoPassword });

/** Runs `work` over `items`, `width` at a time: walkers wait on the server and the browser more than on the processor. */
const inParallel = async <T>(items: T[], width: number, work: (item: T) => Promise<void>) => {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await work(item);
    }),
  );
};

test('every screen, tab and dialog, as each kind of user on desktop and phone: no crash, no console error, no unexpected failed call, nothing a read-only user may not do, no serious or critical axe violation (WCAG 2.1 A/AA)', {
  skip: skipWithoutChromium(),
  timeout: 1_800_000,
}, async () => {
  const mail = await startMailCatcher();
  const server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Brightpath CRM <crm@brightpath.demo>' } }).catch(
    async (error) => {
      await mail.close();
      throw error;
    },
  );
  let browser: Browser | undefined;
  const report: WalkReport = { problems: [], axeFindings: [], axeRuns: 0 };
  const started = Date.now();
  try {
    const { portalEmail } = await setUp(server.url, server.superAdmin);
    browser = await launchBrowser();
    const people: Person[] = [
      { who: 'visitor', account: null, landing: '/', screens: publicScreens },
      { who: 'job seeker', account: staff('maya.patel@example.com'), landing: '/seeker', screens: seekerScreens },
      { who: 'recruiter company', account: staff('talent@northerndigital.demo'), landing: '/company/jobs', screens: companyScreens },
      { who: 'platform admin', account: server.superAdmin, landing: '/admin', screens: adminScreens },
      { who: 'CRM admin', account: staff(demoOrganisationAdmin), landing: '/crm', screens: crmScreens },
      { who: 'CRM recruiter', account: staff('priya.shah@brightpath.demo'), landing: '/crm', screens: crmScreens, axe: false },
      { who: 'CRM team lead', account: staff('hannah.okafor@brightpath.demo'), landing: '/crm', screens: crmScreens, axe: false },
      { who: 'CRM viewer (read only)', account: staff('tom.reed@brightpath.demo'), landing: '/crm', screens: crmScreens, readOnly: true },
    ];

    // The client user first chooses their own password (a screen of its own), then walks the portal.
    const mailed = await mail.waitForMail(portalEmail, /Your client portal sign-in/);
    const temporary = (mailed.parts.find((part) => part.contentType === 'text/plain')?.body ?? '').match(/Password: (\S+)/)?.[1];
    assert.ok(temporary, 'the mail holds a temporary password');
    const portalAccount = { email: portalEmail, password: 'Olive-own-pass-2026' };
    const portal = await openPage({ browser, server, context: { viewport: viewports.desktop } });
    await signIn(portal, portalEmail, temporary);
    await portal.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await walkScreens({
      page: portal,
      walker: { who: 'CRM client user', viewport: 'desktop', axe: true },
      screens: [{ path: '/client' }],
      report,
    });
    await portal.getByLabel('Temporary password').fill(temporary);
    await portal.getByLabel('New password', { exact: true }).fill(portalAccount.password);
    await portal.getByLabel('Confirm new password').fill(portalAccount.password);
    await portal.getByRole('button', { name: 'Save my password' }).click();
    await portal.getByRole('heading', { name: 'Your company' }).waitFor();
    await portal.context().close();
    people.push({ who: 'CRM client user', account: portalAccount, landing: '/client', screens: clientScreens });

    // WALK_ONLY=<part of a user's kind> walks only those users' screens, while fixing one area.
    const chosen = people.filter(({ who }) => !process.env.WALK_ONLY || who.includes(process.env.WALK_ONLY));
    // One queue of walks, three at a time (each waits on the browser and server as much as it works: a
    // third lane took the walk from 321 s to 277 s on two cores), the longest first so no lane waits long at
    // the end. Desktop walks come before phone ones: axe checks each distinct screen once, on desktop.
    const walks = (['desktop', 'phone'] as const).flatMap((viewport) =>
      [...chosen].sort((a, b) => b.screens.length - a.screens.length).map((person) => ({ person, viewport })),
    );
    await inParallel(walks, 3, async ({ person, viewport }) => {
      const page = await openPage({
        browser: browser as Browser,
        server,
        context: { viewport: viewports[viewport], timezoneId: 'Europe/London' },
      });
      const walker: Walker = {
        who: person.who,
        viewport,
        axe: viewport === 'desktop' && person.axe !== false,
        readOnly: person.readOnly,
        byMenu: person.account !== null && person.landing !== '/client',
      };
      if (person.account) {
        await signIn(page, person.account.email, person.account.password);
        await page.waitForURL(`**${person.landing}`);
      }
      await walkScreens({ page, walker, screens: person.screens, report });
      await page.context().close();
    });
  } finally {
    await browser?.close();
    await server.stop();
    await mail.close();
  }
  console.log(`walked in ${Math.round((Date.now() - started) / 1000)} s, ${report.axeRuns} axe checks`);
  assert.deepEqual(report.problems, [], 'no screen crashes, logs an error or makes a call it should not');
  assert.equal(report.axeFindings.length, 0, `serious or critical accessibility violations:\n${report.axeFindings.join('\n')}`);
});
