import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { login } from '../../packages/contract/src/resources/auth';
import { client } from '../../packages/contract/src/resources/crm/client';
import { clientCredentials } from '../../packages/contract/src/resources/crm/client-credentials';
import { contact } from '../../packages/contract/src/resources/crm/contact';
import { team, teamMember } from '../../packages/contract/src/resources/crm/team';
import { organisationStaff } from '../../packages/contract/src/resources/organisation-staff';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage } from '../support/journey';
import { startMailCatcher } from '../support/mail-catcher';
import { startServer } from '../support/server';
import { signIn } from '../support/steps';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

/** The screen asks the permission the call checks: what a user may not do is not offered. */
test('read-only on screen: a viewer cannot change teams or events, a client user is offered no bulk action; activity reads as names', {
  skip: skipWithoutChromium(),
  timeout: 600_000,
}, async () => {
  const mail = await startMailCatcher();
  const server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Brightpath CRM <crm@brightpath.demo>' } }).catch(
    async (error) => {
      await mail.close();
      throw error;
    },
  );
  let browser: Browser | undefined;
  const said: string[] = [];
  try {
    const { api, upload } = httpApi(server.url);
    for (const step of [foundationDemo, crmDemo]) await step.run({ api, upload, superAdmin: server.superAdmin });
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    const clients = (await api(client.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; name: string }[];
    const northwind = clients.find((c) => c.name === 'Northwind Logistics') as { _id: string };
    const olive = await api(
      contact.calls.create!,
      {
        profile: { name: { first: 'Olive', last: 'Ostrowski' }, email: 'olive@northwind.demo' },
        relatedTo: [{ _id: northwind._id, entityType: 'Client' }],
      },
      admin,
    );
    await api(clientCredentials, { _id: olive._id }, admin);
    browser = await launchBrowser();
    const pageAt = async (viewport: { width: number; height: number }) => {
      const page = await openPage({ browser: browser as Browser, server, context: { viewport, timezoneId: 'Europe/London' } });
      page.on('console', (message) => {
        if (message.type() === 'error') said.push(`${new URL(page.url()).pathname}: ${message.text()}`);
      });
      page.on('pageerror', (error) => said.push(`${new URL(page.url()).pathname}: uncaught: ${error.message}`));
      return page;
    };
    const none = async (page: Page, name: RegExp, what: string) =>
      assert.equal(await page.getByRole('button', { name }).count(), 0, `${what} is not offered`);

    for (const viewport of [desktop, phone]) {
      // The viewer reads teams: members are listed, and no way to add or remove one is shown.
      const viewer = await pageAt(viewport);
      await signIn(viewer, 'tom.reed@brightpath.demo', demoPassword);
      await viewer.waitForURL('**/crm');
      await viewer.goto('/crm/teams');
      await viewer.getByText('Logistics desk').first().waitFor();
      await viewer.getByText(/Priya/).first().waitFor();
      await none(viewer, /^Add a member to/, 'Add a member');
      await none(viewer, /^Remove .* from /, 'Remove a member');

      // An event opens read only: its fields disabled, no Save or Delete.
      await viewer.goto('/crm/calendar');
      await viewer.getByRole('button', { name: 'Month', exact: true }).click();
      await viewer.getByText('Northwind shortlist review').first().click();
      const dialog = viewer.getByRole('dialog', { name: 'Event' });
      await dialog.waitFor();
      assert.ok(await dialog.getByLabel('Title').isDisabled(), 'the title cannot be changed');
      await none(viewer, /^Save changes$/, 'Save');
      await none(viewer, /^Delete event$/, 'Delete');
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await viewer.context().close();
    }

    // The admin's dashboard says who did what to whom, never a type name or an id.
    const staff = (await api(organisationStaff.calls.list!, { limit: 'ALL', search: 'Tom' }, admin)).results as { _id: string }[];
    const teams = (await api(team.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; name: string }[];
    const desk = teams.find((t) => t.name === 'Logistics desk') as { _id: string };
    await api(teamMember.calls.create!, { teamId: desk._id, userId: staff[0]?._id }, admin);
    const adminPage = await pageAt(desktop);
    await signIn(adminPage, demoOrganisationAdmin, demoPassword);
    await adminPage.waitForURL('**/crm');
    const activity = adminPage.getByText(/ added Tom Reed to the Logistics desk team$/).first();
    await activity.waitFor();
    const recent = ((await adminPage.locator('body').textContent()) ?? '').split('Recent activity')[1] ?? '';
    assert.doesNotMatch(recent, /TeamMember|OrganisationStaff|CrmNote|passwordHash|[0-9a-f]{24}/, 'activity reads as names');
    await adminPage.context().close();

    // The client user edits their company's contacts but chooses no owner and deletes nothing: no boxes to tick, no bulk bar.
    const mailed = await mail.waitForMail('olive@northwind.demo', /Your client portal sign-in/);
    const temporary = (mailed.parts.find((part) => part.contentType === 'text/plain')?.body ?? '').match(/Password: (\S+)/)?.[1];
    assert.ok(temporary, 'the mail holds a temporary password');
    let chosen = false;
    for (const viewport of [desktop, phone]) {
      const portal = await pageAt(viewport);
      await signIn(portal, 'olive@northwind.demo', chosen ? 'Olive-own-pass-2026' : temporary);
      await portal.waitForURL('**/client');
      if (!chosen) {
        await portal.getByRole('heading', { name: 'Choose your password' }).waitFor();
        await portal.getByLabel('Temporary password').fill(temporary);
        await portal.getByLabel('New password', { exact: true }).fill('Olive-own-pass-2026');
        await portal.getByLabel('Confirm new password').fill('Olive-own-pass-2026');
        await portal.getByRole('button', { name: 'Save my password' }).click();
        chosen = true;
      }
      await portal.getByRole('heading', { name: 'Your company' }).waitFor();
      await portal.getByText('Olive Ostrowski').filter({ visible: true }).first().waitFor();
      assert.equal(await portal.getByRole('checkbox', { name: /^Select / }).count(), 0, 'no rows to tick for a bulk action');
      await none(portal, /^Assign owner$/, 'Assign owner');
      await portal.context().close();
    }
  } finally {
    await browser?.close();
    await server.stop();
    await mail.close();
  }
  assert.deepEqual(said, [], 'the console stays quiet');
});
