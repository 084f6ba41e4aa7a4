import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { type ServerAndBrowser, signedInPage, startServerAndBrowser } from '../support/journey';
import { openSection } from '../support/steps';

// Issue 32 point 2: a recruiter writes a rejection template, puts variables in from the picker, and
// previews it for a candidate; on a phone too.

const skip = skipWithoutChromium();
let world: ServerAndBrowser;
const said: string[] = [];

before(async () => {
  if (skip) return;
  world = await startServerAndBrowser();
  try {
    const { api, upload } = httpApi(world.server.url);
    for (const step of [foundationDemo, crmDemo]) await step.run({ api, upload, superAdmin: world.server.superAdmin });
  } catch (error) {
    await world.stop();
    throw error;
  }
});

after(async () => {
  await world?.stop();
});

const personAt = async (viewport: { width: number; height: number }) => {
  const page = await signedInPage({
    ...world,
    email: demoOrganisationAdmin,
    password: demoPassword,
    landing: '/crm',
    context: { viewport, timezoneId: 'Europe/London' },
  });
  page.on('console', (message) => {
    if (message.type() === 'error') said.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  return page;
};

const insertVariable = async (page: Page, field: string, variable: string) => {
  await page.getByRole('textbox', { name: `Insert a variable into ${field}` }).click();
  await page.getByRole('option', { name: variable, exact: true }).click();
};

test('email templates: variables from the picker, a typo refused, a preview for a candidate', { skip, timeout: 240_000 }, async () => {
  const page = await personAt({ width: 1366, height: 800 });
  await openSection(page, 'CRM', 'Email templates');
  await page.getByRole('button', { name: 'Add email template' }).first().click();
  const adding = page.getByRole('dialog', { name: 'Add email template' });
  await adding.getByLabel('Title', { exact: true }).fill('Not this time');
  await adding.getByLabel('Template type').click();
  await page.getByRole('option', { name: 'Job Applicant Rejection', exact: true }).click();
  await adding.getByLabel('Subject', { exact: true }).fill('Your application, ');
  await insertVariable(page, 'Subject', 'First name');
  assert.equal(await adding.getByLabel('Subject', { exact: true }).inputValue(), 'Your application, {{firstName}}');
  // A variable that does not exist is refused with the list of those that do.
  await adding.getByLabel('Body', { exact: true }).fill('Dear {{fristName}},\nthank you.');
  await adding.getByRole('button', { name: 'Create email template' }).click();
  await adding.getByText('{{fristName}} is not a variable').first().waitFor();
  await adding.getByLabel('Body', { exact: true }).fill('Dear ');
  await insertVariable(page, 'Body', 'First name');
  await adding.getByLabel('Body', { exact: true }).press('End');
  await adding.getByLabel('Body', { exact: true }).pressSequentially(', thank you from ');
  await insertVariable(page, 'Body', 'Organisation name');
  await adding.getByRole('button', { name: 'Create email template' }).click();
  await adding.waitFor({ state: 'hidden' });

  // Opened again, the saved template is previewed for a candidate the recruiter picks.
  await page.getByRole('button', { name: 'Open Your application, {{firstName}}' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit email template' });
  await editing.getByLabel('For candidate').click();
  await editing.getByLabel('For candidate').fill('Amara');
  await page.getByRole('option', { name: 'Amara Mensah', exact: true }).click();
  await editing.getByTestId('preview-subject').getByText('Your application, Amara').waitFor();
  const body = (await editing.getByTestId('preview-body').textContent()) ?? '';
  assert.match(body, /^Dear Amara, thank you from .+/);
  assert.doesNotMatch(body, /\{\{/);
  await page.context().close();

  // On a phone: the list and the dialog fit the screen.
  const phone = await personAt({ width: 390, height: 844 });
  await phone.goto('/crm/email-templates');
  await phone.getByRole('button', { name: 'Open Your application, {{firstName}}' }).click();
  await phone.getByRole('dialog', { name: 'Edit email template' }).getByLabel('For candidate').waitFor();
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'no sideways scrolling');
  await phone.context().close();
  assert.deepEqual(said, [], 'no console errors');
});
