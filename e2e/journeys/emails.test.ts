import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { login } from '@app/contract/resources/auth';
import { emailTemplate } from '@app/contract/resources/crm/email-template';
import type { Page } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage, type ServerAndBrowser } from '../support/journey';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { startServer } from '../support/server';
import { signIn } from '../support/steps';

// Issue 32 points 3, 5 and 6: a recruiter writes to a candidate from their page with a template, its
// variables filled for her; the candidate receives it by SMTP; the recruiter sees it on the candidate's
// Emails tab and in her inbox, bookmarks it and finds it under Bookmarked; the inbox fits a phone.

const skip = skipWithoutChromium();
let world: ServerAndBrowser;
let mail: MailCatcher;
const said: string[] = [];
const priya = { email: 'priya.shah@brightpath.demo', password: demoPassword };
const amara = 'amara.mensah@candidates.demo';

before(async () => {
  if (skip) return;
  mail = await startMailCatcher();
  const server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Brightpath CRM <crm@brightpath.demo>' } });
  try {
    const { api, upload } = httpApi(server.url);
    for (const step of [foundationDemo, crmDemo]) await step.run({ api, upload, superAdmin: server.superAdmin });
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    await api(
      emailTemplate.calls.create!,
      {
        title: 'New roles near you',
        subject: 'New roles for {{firstName}}',
        content: 'Dear {{firstName}},\n\nWe have new roles around {{city}} that suit a {{designation}}.\n\nBest wishes',
      },
      admin,
    );
    world = { server, browser: await launchBrowser(), stop: async () => {} };
  } catch (error) {
    await server.stop();
    await mail.close();
    throw error;
  }
});

after(async () => {
  await world?.browser.close();
  await world?.server.stop();
  await mail?.close();
});

const signedIn = async (viewport: { width: number; height: number }) => {
  const page = await openPage({ ...world, context: { viewport, timezoneId: 'Europe/London' } });
  page.on('console', (message) => {
    if (message.type() === 'error') said.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  await signIn(page, priya.email, priya.password);
  await page.waitForURL(/\/crm/);
  return page;
};

const openAmara = async (page: Page) => {
  await page.goto('/crm/candidates');
  await page.getByRole('link', { name: 'Amara Mensah' }).first().click();
  await page.getByRole('heading', { name: 'Amara Mensah', level: 1 }).waitFor();
};

test('a recruiter sends a templated email to a candidate and sees it on her page and in the inbox', {
  skip,
  timeout: 240_000,
}, async () => {
  const page = await signedIn({ width: 1366, height: 800 });
  await openAmara(page);
  await page.getByRole('tab', { name: 'Emails' }).click();
  await page.getByRole('button', { name: 'New email' }).first().click();
  const compose = page.getByRole('dialog', { name: 'New email' });
  // Amara is the recipient already; the template puts its subject and body in, its variables kept.
  await compose.getByText('Amara Mensah').first().waitFor();
  await compose.getByRole('textbox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'New roles near you', exact: true }).click();
  assert.equal(await compose.getByLabel('Subject', { exact: true }).inputValue(), 'New roles for {{firstName}}');
  // The preview shows what Amara will receive.
  await compose.getByText('As Amara Mensah will receive it: New roles for Amara').waitFor();
  await compose.getByRole('button', { name: 'Send', exact: true }).click();
  await compose.waitFor({ state: 'hidden' });
  await page.getByText('Email sent to 1 recipient').first().waitFor();

  // Amara receives it, filled for her, from Priya, with replies going to Priya.
  const received = await mail.waitForMail(amara, /^New roles for Amara$/);
  const text = received.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
  assert.match(text, /Dear Amara,/);
  assert.match(text, /around Manchester that suit a Ward nurse/);
  assert.match(received.raw, /^From: Priya Shah <crm@brightpath\.demo>/m);
  assert.match(received.raw, /^Reply-To: priya\.shah@brightpath\.demo/m);

  // It is on her Emails tab, and it opens to be read.
  await page.getByRole('button', { name: 'Open New roles for Amara' }).click();
  const reading = page.getByRole('dialog', { name: 'New roles for Amara' });
  await reading.getByText(`To: Amara Mensah`).waitFor();
  await reading.getByRole('button', { name: 'Bookmark New roles for Amara' }).click();
  await reading.getByRole('button', { name: 'Remove the bookmark of New roles for Amara' }).waitFor();
  await page.keyboard.press('Escape');

  // Her inbox has it, and so has its Bookmarked view.
  await page.goto('/crm/emails');
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Open New roles for Amara' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Which mail' }).getByText('Bookmarked', { exact: true }).click();
  await page.getByRole('heading', { name: 'Bookmarked' }).waitFor();
  await page.getByRole('button', { name: 'Open New roles for Amara' }).waitFor();
  await page.context().close();

  // On a phone: the inbox fits the screen.
  const phone = await signedIn({ width: 390, height: 844 });
  await phone.goto('/crm/emails');
  await phone.getByRole('button', { name: 'Open New roles for Amara' }).waitFor();
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'no sideways scrolling');
  await phone.context().close();
  assert.deepEqual(said, [], 'no console errors');
});
