import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client } from '@app/contract/resources/crm/client';
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { createAgency, openPage } from '../support/journey';
import { startMailCatcher } from '../support/mail-catcher';
import { startServer, type TestServer } from '../support/server';
import { openSection, signIn } from '../support/steps';

const agency = { name: 'Northwind Talent', email: 'hello@northwind-talent.example' };
const admin = { first: 'Ada', last: 'Admin', email: 'ada@northwind-talent.example', password: 'Northwind-admin-2026' };
const recruiter = { first: 'Riley', last: 'Recruiter', email: 'riley@northwind-talent.example', password: 'Riley-pass-2026' };
const colleague = { first: 'Grace', last: 'Hopper', email: 'grace@northwind-talent.example', password: 'Grace-pass-2026' };
const contactPerson = { first: 'Chris', last: 'Contact', email: 'chris@harbour-freight.example' };

/** The organisation, its admin, a Recruiter role allowing the CRM's daily work, and one recruiter: the world before the screens. */
const setUp = async (server: TestServer) => {
  const { api } = httpApi(server.url);
  const token = await createAgency(server, {
    name: agency.name,
    email: agency.email,
    phoneNumber: '+44 20 7946 0100',
    admin: { ...admin, phone: '+447700900100' },
  });
  const features = (await api(crmFeature.calls.list!, { limit: 'ALL' }, token)).results as { _id: string; title: string }[];
  const permissions = (await api(crmPermission.calls.list!, { limit: 'ALL' }, token)).results as {
    _id: string;
    featureId: string;
    access_level: string;
    conditions: { scope: string };
  }[];
  const adminOnly = new Set(features.filter((f) => ['Roles', 'EntityLog'].includes(f.title)).map((f) => f._id));
  const role = await api(
    crmRole.calls.create!,
    {
      title: 'Recruiter',
      value: 'recruiter',
      permissions: permissions
        .filter((p) => p.access_level === 'WRITE' && p.conditions.scope === 'ALL' && !adminOnly.has(p.featureId))
        .map((p) => p._id),
    },
    token,
  );
  await api(
    organisationStaff.calls.create!,
    {
      name: { first: recruiter.first, last: recruiter.last },
      email: recruiter.email,
      phone: '+447700900101',
      password: recruiter.password,
      roleIds: [role._id],
    },
    token,
  );
  // Another client of the agency, which the portal must never show Harbour Freight's contact.
  await api(client.calls.create!, { name: 'Quayside Logistics', email: 'people@quayside.example' }, token);
};

/** A screenshot beside a failed step, so a red run says what the screen showed. */
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: `/tmp/crm-workspace-${name}.png`, fullPage: true }).catch(() => undefined);
};

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

test('CRM workspace: staff, a client and its contact, a call, a task done from the dashboard, an invitation, and the client portal', {
  skip: skipWithoutChromium(),
  timeout: 180_000,
}, async () => {
  const mail = await startMailCatcher();
  const server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Northwind CRM <crm@northwind-talent.example>' } }).catch(
    async (error) => {
      await mail.close();
      throw error;
    },
  );
  let browser: Browser | undefined;
  let page: Page | undefined;
  let step = 'setup';
  try {
    await setUp(server);
    browser = await launchBrowser();
    /** Each person in their own browser context (their own session), as on their own computer. */
    const personPage = () =>
      openPage({ browser: browser as Browser, server, context: { viewport: { width: 1280, height: 1000 }, timezoneId: 'Europe/London' } });

    // The admin adds a colleague with the Recruiter role.
    step = 'admin-adds-colleague';
    page = await personPage();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/crm');
    // The dashboard: the admin switches between their own figures and the organisation's; counts not built yet say so.
    step = 'admin-dashboard-scope';
    await page.getByText('Your open tasks', { exact: true }).waitFor();
    await page.getByText('Interviews arrive with hiring').waitFor();
    await page.locator('label', { hasText: 'Organisation' }).click();
    await page.getByText('Open tasks', { exact: true }).waitFor();
    await page.locator('label', { hasText: 'Mine' }).click();
    await page.getByText('Your open tasks', { exact: true }).waitFor();
    step = 'admin-adds-colleague';
    await openSection(page, 'CRM', 'Staff');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Add staff member' });
    await staffDialog.getByLabel('First name').fill(colleague.first);
    await staffDialog.getByLabel('Last name').fill(colleague.last);
    await staffDialog.getByLabel('Email').fill(colleague.email);
    await staffDialog.getByLabel('Phone').fill('+447700900102');
    await staffDialog.getByLabel('Password', { exact: true }).fill(colleague.password);
    await staffDialog.getByRole('textbox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Recruiter' }).click();
    await staffDialog.getByRole('button', { name: 'Create staff member' }).click();
    await staffDialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(`${colleague.first} ${colleague.last}`) }).waitFor();
    await page.context().close();

    // The recruiter adds a client, then a contact on the client's page.
    step = 'recruiter-adds-client';
    page = await personPage();
    await signIn(page, recruiter.email, recruiter.password);
    await page.waitForURL('**/crm');
    await openSection(page, 'CRM', 'Clients');
    await page.getByRole('button', { name: 'Add client' }).first().click();
    const clientDialog = page.getByRole('dialog', { name: 'Add client' });
    await clientDialog.getByLabel('Name', { exact: true }).fill('Harbour Freight');
    await clientDialog.getByLabel('Email').fill('talent@harbour-freight.example');
    await clientDialog.getByRole('button', { name: 'Create client' }).click();
    await clientDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('row', { name: /Harbour Freight/ })
      .getByRole('link', { name: 'Harbour Freight' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Freight' }).waitFor();

    step = 'recruiter-adds-contact';
    await page.getByRole('button', { name: 'Add contact' }).first().click();
    const contactDialog = page.getByRole('dialog', { name: 'Add contact' });
    await contactDialog.getByLabel('First name').fill(contactPerson.first);
    await contactDialog.getByLabel('Last name').fill(contactPerson.last);
    await contactDialog.getByLabel('Email').fill(contactPerson.email);
    await contactDialog.getByRole('button', { name: 'Create contact' }).click();
    await contactDialog.waitFor({ state: 'hidden' });
    const contactRow = page.getByRole('row', { name: new RegExp(`${contactPerson.first} ${contactPerson.last}`) });
    await contactRow.waitFor();

    // A call with the contact, logged on the client's page.
    step = 'recruiter-logs-call';
    await page.getByRole('button', { name: 'Add call' }).first().click();
    const callDialog = page.getByRole('dialog', { name: 'Add call' });
    await callDialog.getByLabel('Title').fill('Intro call about drivers');
    await callDialog.getByRole('textbox', { name: 'Contacts' }).fill(contactPerson.first);
    await page.getByRole('option', { name: new RegExp(contactPerson.first) }).click();
    await callDialog.getByRole('button', { name: 'Create call' }).click();
    await callDialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Intro call about drivers/ }).waitFor();

    // A task for the colleague, due today.
    step = 'recruiter-creates-task';
    await openSection(page, 'CRM', 'Tasks');
    await page.getByRole('button', { name: 'Add task' }).first().click();
    const taskDialog = page.getByRole('dialog', { name: 'Add task' });
    await taskDialog.getByLabel('Title').fill('Send Harbour Freight three drivers');
    await taskDialog.getByRole('textbox', { name: 'Assignees' }).fill(colleague.first);
    await page.getByRole('option', { name: new RegExp(colleague.first) }).click();
    // Due at the end of today, in the browser's time zone.
    await taskDialog.getByLabel('Due date').fill(`${isoDay(new Date())}T23:59`);
    await taskDialog.getByRole('button', { name: 'Create task' }).click();
    await taskDialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Send Harbour Freight three drivers/ }).waitFor();

    // The recruiter schedules an event with the colleague on the calendar.
    step = 'recruiter-schedules-event';
    await openSection(page, 'CRM', 'Calendar');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const slot = page.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]');
    const firstDay = page.locator('td.fc-timegrid-col.fc-day').first();
    const dayBox = await firstDay.boundingBox();
    const slotBox = await slot.boundingBox();
    assert.ok(dayBox && slotBox);
    await page.mouse.click(dayBox.x + dayBox.width / 2, slotBox.y + slotBox.height / 2);
    const eventDialog = page.getByRole('dialog', { name: 'Add event' });
    await eventDialog.getByLabel('Title').fill('Harbour Freight kick-off');
    await eventDialog.getByRole('textbox', { name: 'Staff attending' }).fill(colleague.first);
    await page.getByRole('option', { name: new RegExp(colleague.first) }).click();
    await eventDialog.getByRole('button', { name: 'Add event' }).click();
    await eventDialog.waitFor({ state: 'hidden' });
    await page.locator('.fc-event', { hasText: 'Harbour Freight kick-off' }).waitFor();

    // The colleague's invitation carries the event as a calendar request.
    step = 'invitation-mail';
    const invitation = await mail.waitForMail(colleague.email, /Harbour Freight kick-off/);
    const ics = invitation.parts.find((part) => part.filename?.endsWith('.ics'));
    assert.ok(ics, `the invitation has an .ics attachment (parts: ${invitation.parts.map((p) => p.contentType).join(', ')})`);
    assert.match(ics.body, /METHOD:REQUEST/);
    assert.match(ics.body, /SUMMARY:Harbour Freight kick-off/);

    // The contact is given a sign-in to the client portal.
    step = 'portal-credentials';
    await openSection(page, 'CRM', 'Clients');
    await page
      .getByRole('row', { name: /Harbour Freight/ })
      .getByRole('link', { name: 'Harbour Freight' })
      .click();
    await page.getByRole('button', { name: `Give ${contactPerson.first} ${contactPerson.last} a sign-in to the client portal` }).click();
    await page.getByText(`A sign-in has been mailed to ${contactPerson.email}`).waitFor();
    await page.context().close();

    // The colleague sees the task on their dashboard and completes it in one click.
    step = 'colleague-completes-task';
    page = await personPage();
    await signIn(page, colleague.email, colleague.password);
    await page.waitForURL('**/crm');
    await page.getByRole('heading', { name: 'Your tasks due' }).waitFor();
    await page.locator('[aria-label="Due today"]').getByText('Send Harbour Freight three drivers').waitFor();
    await page.getByRole('button', { name: 'Complete Send Harbour Freight three drivers' }).click();
    await page.getByText('Send Harbour Freight three drivers is done').waitFor();
    await page.getByText('Nothing due this week.').waitFor();
    await page.context().close();

    // The contact signs in with the mailed password, chooses their own, and sees their company alone.
    step = 'client-portal';
    const credentials = await mail.waitForMail(contactPerson.email, /Your client portal sign-in/);
    const text = credentials.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
    const temporary = text.match(/Password: (\S+)/)?.[1];
    assert.ok(temporary, 'the mail holds a temporary password');
    page = await personPage();
    await signIn(page, contactPerson.email, temporary);
    await page.waitForURL('**/client');
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByLabel('Temporary password').fill(temporary);
    await page.getByLabel('New password', { exact: true }).fill('Chris-own-pass-2026');
    await page.getByLabel('Confirm new password').fill('Chris-own-pass-2026');
    await page.getByRole('button', { name: 'Save my password' }).click();
    await page.getByRole('heading', { name: `Working with ${agency.name}` }).waitFor();
    await page.getByRole('heading', { name: 'Your company' }).waitFor();
    await page.getByText('talent@harbour-freight.example').waitFor();
    await page.getByRole('row', { name: new RegExp(`${contactPerson.first} ${contactPerson.last}`) }).waitFor();
    assert.equal(await page.getByText('Quayside Logistics').count(), 0);
    assert.equal(await page.getByText('quayside.example').count(), 0);
  } catch (error) {
    if (page) await shot(page, step);
    throw error;
  } finally {
    await browser?.close();
    await server.stop();
    await mail.close();
  }
});
