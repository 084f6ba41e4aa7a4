import assert from 'node:assert/strict';
import { test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { contentDemo } from '../../apps/server/src/demo/content';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { jobBoardDemo } from '../../apps/server/src/demo/job-board';
import { login } from '../../packages/contract/src/resources/auth';
import { callLog } from '../../packages/contract/src/resources/crm/call-log';
import { client } from '../../packages/contract/src/resources/crm/client';
import { clientCredentials } from '../../packages/contract/src/resources/crm/client-credentials';
import { contact } from '../../packages/contract/src/resources/crm/contact';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage } from '../support/journey';
import { startMailCatcher } from '../support/mail-catcher';
import { startServer } from '../support/server';
import { signIn } from '../support/steps';

/** WCAG 2.0 and 2.1, levels A and AA: what the product promises. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A screen fails on these; moderate and minor findings are printed by axe's own report only when asked. */
const failing = new Set(['serious', 'critical']);

type Screen = {
  /** The address, or how to find it on the screen before (a link's address starting with `linkFrom`). */
  path: string | { linkFrom: string; startsWith: string; not?: RegExp } | { clickFrom: string; button: RegExp };
  /** A button whose dialog (or menu) is checked too, e.g. a list's create form. */
  open?: string | RegExp;
};

type Finding = { who: string; path: string; rule: string; impact: string; help: string; targets: string[] };

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
  { path: '/reset-password?token=not-a-real-token' },
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

const adminScreens: Screen[] = [
  { path: '/admin' },
  { path: '/admin/job-seekers' },
  { path: { linkFrom: '/admin/job-seekers', startsWith: '/admin/job-seekers/' } },
  { path: '/admin/companies' },
  { path: { linkFrom: '/admin/companies', startsWith: '/admin/companies/' } },
  { path: '/admin/contact-queries' },
  { path: '/admin/articles' },
  { path: '/admin/articles/new' },
  { path: { clickFrom: '/admin/articles', button: /^Edit / } },
  { path: '/admin/authors', open: 'Add author' },
  { path: '/admin/templates', open: /^Add / },
  { path: '/admin/cards', open: /^Add / },
  { path: '/admin/cover-letters/sections', open: /^Add / },
  { path: '/admin/cover-letters/suggestions', open: /^Add / },
  { path: '/admin/cover-letters/templates', open: /^Add / },
  { path: '/admin/skills', open: 'Add skill' },
  { path: '/admin/languages', open: /^Add / },
  { path: '/admin/job-titles', open: /^Add / },
  { path: '/admin/industries', open: 'Add industry' },
  { path: '/admin/organisations', open: /^Add / },
  { path: '/admin/staff', open: /^Add / },
  { path: '/admin/modules', open: /^Add / },
  { path: '/admin/features', open: 'Add feature' },
  { path: '/admin/permissions', open: /^Add / },
  { path: '/admin/roles', open: /^Add / },
  { path: '/admin/profile' },
];

const crmScreens: Screen[] = [
  { path: '/crm' },
  { path: '/crm/clients', open: 'Add client' },
  { path: { linkFrom: '/crm/clients', startsWith: '/crm/clients/' } },
  { path: '/crm/contacts', open: /^Add / },
  { path: '/crm/call-logs', open: /^(Add|Log) / },
  { path: '/crm/candidates', open: /^Add / },
  { path: { linkFrom: '/crm/candidates', startsWith: '/crm/candidates/', not: /\/merge/ } },
  { path: '/crm/candidates/merge' },
  { path: '/crm/tasks', open: /^Add / },
  { path: '/crm/calendar' },
  { path: '/crm/notes', open: /^Add / },
  { path: '/crm/leads', open: /^Add / },
  { path: '/crm/teams', open: /^Add / },
  { path: '/crm/staff', open: /^Add / },
  { path: '/crm/roles', open: /^Add / },
  { path: { linkFrom: '/crm/roles', startsWith: '/crm/roles/' } },
  { path: '/crm/audit-log' },
  { path: '/crm/sent-mail' },
  { path: '/crm/profile' },
];

/** What a read-only viewer sees differs (no buttons, other empty states): the CRM's screens once more, without the forms. */
// The same screens, read only; a role's editor is for those who may change roles.
const viewerScreens: Screen[] = crmScreens
  .filter(({ path }) => typeof path === 'string' || !('startsWith' in path) || path.startsWith !== '/crm/roles/')
  .map(({ path }) => ({ path }));

const clientScreens: Screen[] = [{ path: '/client' }];

/** The world: the demo (an organisation, staff, clients, candidates, companies, jobs, seekers, articles), a contact with a call and a portal sign-in. */
const setUp = async (url: string, superAdmin: { email: string; password: string }) => {
  const { api, upload } = httpApi(url);
  for (const step of [foundationDemo, crmDemo, jobBoardDemo, contentDemo]) await step.run({ api, upload, superAdmin });
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
  return { portalEmail: 'olive@northwind.demo' };
};

/**
 * Waits for a screen to settle: its heading drawn and its loaders gone (a few screens keep one, such
 * as a preview being drawn: those are checked as they are after a short wait).
 */
const settle = async (page: Page) => {
  await page.locator('h1').first().waitFor();
  await page
    .locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 4_000 })
    .catch(() => undefined);
};

/** Checks the whole screen, or only `within` it (a dialog opened on a screen already checked). */
const check = async (page: Page, who: string, path: string, findings: Finding[], within?: string) => {
  const axe = new AxeBuilder({ page }).withTags(wcagTags);
  if (within) axe.include(within);
  // A drawn PDF shows in the browser's own viewer (its markup is Chromium's, not the product's).
  const result = await axe.exclude('iframe[src^="blob:"]').analyze();
  for (const violation of result.violations) {
    if (!failing.has(violation.impact ?? '')) continue;
    console.log(
      `${who} ${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
    findings.push({
      who,
      path,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    });
  }
};

const visitAll = async (page: Page, who: string, screens: Screen[], findings: Finding[]) => {
  for (const screen of screens) {
    let path: string;
    if (typeof screen.path === 'string') {
      path = screen.path;
    } else if ('clickFrom' in screen.path) {
      const { clickFrom, button } = screen.path;
      await page.goto(clickFrom);
      await settle(page);
      await page.getByRole('button', { name: button }).first().click();
      await page.waitForURL((url) => url.pathname !== clickFrom);
      path = new URL(page.url()).pathname;
    } else {
      const { linkFrom, startsWith, not } = screen.path;
      await page.goto(linkFrom);
      await settle(page);
      const hrefs = await page
        .locator(`a[href^="${startsWith}"]`)
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const found = hrefs.find((href) => href.length > startsWith.length && !not?.test(href));
      assert.ok(found, `${who}: a link to ${startsWith}… on ${linkFrom}`);
      path = found;
    }
    await page.goto(path);
    await settle(page);
    await check(page, who, path, findings);
    const button = screen.open ? page.getByRole('button', { name: screen.open }).first() : undefined;
    if (button && (await button.count()) === 0) console.log(`${who} ${path}: no button ${screen.open} (this user may not add one)`);
    else if (button) {
      await button.click();
      await page.getByRole('dialog').first().waitFor();
      await page.waitForTimeout(300);
      await check(page, who, `${path} (${await button.textContent()} form)`, findings, '[role="dialog"]');
      await page.keyboard.press('Escape');
    }
  }
};

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.who} ${f.path}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}`).join('\n');

test('accessibility: every screen of every area, as each kind of user, has no serious or critical axe violation (WCAG 2.1 A/AA)', {
  skip: skipWithoutChromium(),
  // About 80 screens and their forms, each loaded afresh: minutes on a busy machine.
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
  const findings: Finding[] = [];
  const said: string[] = [];
  try {
    const { portalEmail } = await setUp(server.url, server.superAdmin);
    browser = await launchBrowser();
    const personPage = async () => {
      const page = await openPage({
        browser: browser as Browser,
        server,
        context: { viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/London' },
      });
      // Every screen as it is used: whatever the app says in the console is a finding too.
      const where = () => new URL(page.url()).pathname;
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') said.push(`${where()}: ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => said.push(`${where()}: uncaught: ${error.message}`));
      return page;
    };
    const as = async (who: string, account: { email: string; password: string } | null, landing: string, screens: Screen[]) => {
      // A11Y_ONLY=<part of a user's kind> checks only those users' screens, while fixing one area.
      if (process.env.A11Y_ONLY && !who.includes(process.env.A11Y_ONLY)) return;
      const page = await personPage();
      if (account) {
        await signIn(page, account.email, account.password);
        await page.waitForURL(`**${landing}`);
      }
      await visitAll(page, who, screens, findings);
      await page.context().close();
    };

    await as('visitor', null, '/', publicScreens);
    await as('job seeker', { email: 'maya.patel@example.com', password: demoPassword }, '/seeker', seekerScreens);
    await as('recruiter company', { email: 'talent@northerndigital.demo', password: demoPassword }, '/company/jobs', companyScreens);
    await as('platform admin', server.superAdmin, '/admin', adminScreens);
    await as('CRM admin', { email: demoOrganisationAdmin, password: demoPassword }, '/crm', crmScreens);
    await as('CRM viewer (read only)', { email: 'tom.reed@brightpath.demo', password: demoPassword }, '/crm', viewerScreens);

    if (!process.env.A11Y_ONLY || 'CRM client user'.includes(process.env.A11Y_ONLY)) {
      // The client user first chooses their own password (a screen of its own), then sees the portal.
      const mailed = await mail.waitForMail(portalEmail, /Your client portal sign-in/);
      const temporary = (mailed.parts.find((part) => part.contentType === 'text/plain')?.body ?? '').match(/Password: (\S+)/)?.[1];
      assert.ok(temporary, 'the mail holds a temporary password');
      const portal = await personPage();
      await signIn(portal, portalEmail, temporary);
      await portal.waitForURL('**/client');
      await portal.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await check(portal, 'CRM client user', '/client (choose your password)', findings);
      await portal.getByLabel('Temporary password').fill(temporary);
      await portal.getByLabel('New password', { exact: true }).fill('Olive-own-pass-2026');
      await portal.getByLabel('Confirm new password').fill('Olive-own-pass-2026');
      await portal.getByRole('button', { name: 'Save my password' }).click();
      await portal.getByRole('heading', { name: 'Your company' }).waitFor();
      await visitAll(portal, 'CRM client user', clientScreens, findings);
    }
  } finally {
    await browser?.close();
    await server.stop();
    await mail.close();
  }
  assert.equal(findings.length, 0, `serious or critical accessibility violations:\n${report(findings)}`);
  assert.deepEqual(said, [], 'the console stays quiet on every screen');
});
