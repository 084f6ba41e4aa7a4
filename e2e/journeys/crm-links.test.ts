import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { task } from '@app/contract/resources/crm/task';
import type { Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { signedInPage, startAgencyWorld } from '../support/journey';

const agency = {
  name: 'Linkwell Recruitment',
  email: 'hello@linkwell.example',
  phoneNumber: '+44 20 7946 0300',
  admin: { first: 'Ada', last: 'Admin', email: 'ada@linkwell.example', password: 'Linkwell-admin-2026', phone: '+447700900300' },
};

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Console errors a screen logs: a journey fails on any. */
const watchConsole = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

test('CRM links: a name in a list opens its record; a client is edited; a call is logged with its outcome; a task is linked to a candidate', {
  skip: skipWithoutChromium(),
  timeout: 240_000,
}, async () => {
  const world = await startAgencyWorld({ agency });
  let page: Page = world.page;
  let step = 'setup';
  try {
    const { api } = httpApi(world.server.url);
    for (const size of sizes) {
      step = `${size.name}: setup`;
      const company = `Harbour ${size.name === 'desktop' ? 'Freight' : 'Ferries'}`;
      const made = await api(client.calls.create!, { name: company, email: `talent@${size.name}.harbour.example` }, world.token);
      await api(
        contact.calls.create!,
        {
          profile: { name: { first: 'Chris', last: `Contact ${size.name}` }, email: `chris@${size.name}.harbour.example` },
          relatedTo: [{ _id: made._id, entityType: 'Client' }],
        },
        world.token,
      );
      const person = await api(
        candidate.calls.create!,
        {
          name: { first: 'Mateo', last: `Patel ${size.name}` },
          email: `mateo.${size.name}@example.com`,
          phone: `+44770090040${size.name === 'desktop' ? 1 : 2}`,
        },
        world.token,
      );
      const chase = `Chase references (${size.name})`;
      await api(task.calls.create!, { title: chase }, world.token);

      page = await signedInPage({ ...world, ...agency.admin, landing: '/crm', context: { viewport: size.viewport } });
      const errors = watchConsole(page);

      // A client's name in the list opens the client's page.
      step = `${size.name}: client name`;
      await page.goto('/crm/clients');
      await page
        .getByRole('row', { name: new RegExp(company) })
        .getByRole('link', { name: `Open ${company}` })
        .click();
      await page.waitForURL(/\/crm\/clients\/[0-9a-f]{24}$/);
      await page.getByRole('heading', { level: 1, name: company }).waitFor();

      // Edit on the client's page: website, industries and address, shown once saved with the owner.
      step = `${size.name}: edit client`;
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editing = page.getByRole('dialog', { name: 'Edit client' });
      await editing.getByLabel('Website').fill('https://harbour.example');
      await editing.getByRole('textbox', { name: 'Industries' }).fill('Logistics');
      await editing.getByRole('textbox', { name: 'Industries' }).press('Enter');
      await editing.getByLabel('Town or city').fill('Leeds');
      await editing.getByLabel('Postcode').fill('LS1 4AP');
      await editing.getByRole('button', { name: 'Save changes' }).click();
      await editing.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'https://harbour.example' }).waitFor();
      await page.locator('dd', { hasText: 'Leeds, LS1 4AP' }).waitFor();
      await page.locator('dd', { hasText: 'Logistics' }).waitFor();
      await page.locator('dd', { hasText: 'Ada Admin' }).waitFor();

      // A call logged from the client's page: its contact offered, a duration and an outcome.
      step = `${size.name}: log call`;
      await page.getByRole('button', { name: 'Add call' }).first().click();
      const calling = page.getByRole('dialog', { name: 'Add call' });
      await calling.getByLabel('Title').fill('Voicemail about drivers');
      assert.notEqual(await calling.getByLabel('When').inputValue(), '', 'the call starts at now');
      await calling.getByRole('textbox', { name: 'Outcome' }).click();
      await page.getByRole('option', { name: 'Left voicemail' }).click();
      await calling.getByLabel('Duration (minutes)').fill('3');
      await calling.getByRole('textbox', { name: 'Contacts' }).click();
      await page.getByRole('option', { name: `Chris Contact ${size.name}` }).click();
      await calling.getByRole('button', { name: 'Create call' }).click();
      await calling.waitFor({ state: 'hidden' });
      const callRow = page.getByRole('row', { name: /Voicemail about drivers/ });
      await callRow.getByText('Left voicemail').waitFor();
      await callRow.getByText('3 min').waitFor();

      // A task's name opens it; linked to the candidate from its form, the link opens the candidate.
      step = `${size.name}: link task`;
      await page.goto('/crm/tasks');
      await page.getByRole('button', { name: `Open ${chase}` }).click();
      const taskDialog = page.getByRole('dialog', { name: 'Edit task' });
      await taskDialog.getByRole('textbox', { name: 'Candidate to link' }).fill('Mateo');
      await page.getByRole('option', { name: `Mateo Patel ${size.name}` }).click();
      await taskDialog.getByText(`Candidate: Mateo Patel ${size.name}`).waitFor();
      await taskDialog.getByRole('button', { name: 'Save changes' }).click();
      await taskDialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('row', { name: new RegExp(chase.replace(/[()]/g, '.')) })
        .getByRole('link', { name: person.itemId.combined })
        .click();
      await page.waitForURL(`**/crm/candidates/${person._id}`);
      await page.getByRole('heading', { level: 1, name: `Mateo Patel ${size.name}` }).waitFor();

      // The linked task is listed on the candidate's Tasks tab, and its name opens it there.
      step = `${size.name}: candidate tab`;
      await page.getByRole('tab', { name: 'Tasks' }).click();
      await page.getByRole('button', { name: `Open ${chase}` }).click();
      await page.getByRole('dialog', { name: 'Edit task' }).getByRole('button', { name: 'Cancel' }).click();

      // A link that names a task opens it on arrival (as the assignment mail's does).
      step = `${size.name}: open link`;
      const tasks = await api(task.calls.list!, { search: chase }, world.token);
      await page.goto(`/crm/tasks?open=${tasks.results[0]._id}`);
      await page.getByRole('dialog', { name: 'Edit task' }).getByLabel('Title').waitFor();
      assert.equal(await page.getByRole('dialog', { name: 'Edit task' }).getByLabel('Title').inputValue(), chase);

      // Nothing on the way needed a sideways scroll on this size, and nothing logged an error.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling on ${size.name} (${overflow}px)`);
      assert.deepEqual(errors, [], `no console errors on ${size.name}`);
      await page.context().close();
    }
  } catch (error) {
    await page.screenshot({ path: `/tmp/crm-links-${step.replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await world.stop();
  }
});
