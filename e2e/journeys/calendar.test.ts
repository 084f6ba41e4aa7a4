import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { event } from '@app/contract/resources/crm/event';
import type { Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { type AgencyWorld, startAgencyWorld } from '../support/journey';
import type { TestServer } from '../support/server';
import { openSection } from '../support/steps';

const skip = skipWithoutChromium();
const adminEmail = 'ada@calendar-agency.example';
const password = 'Calendar-pass-2026';
let server: TestServer;
let world: AgencyWorld;
let page: Page;
let token: string;

before(async () => {
  if (skip) return;
  world = await startAgencyWorld({
    agency: {
      name: 'Calendar Agency',
      email: 'hello@calendar-agency.example',
      phoneNumber: '+44 20 7946 0000',
      admin: { email: adminEmail, password, phone: '+447700900000', first: 'Ada', last: 'Admin' },
    },
    context: { timezoneId: 'Europe/London' },
  });
  ({ server, token, page } = world);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

after(async () => {
  await world?.stop();
});

const listEvents = async () => {
  const { api } = httpApi(server.url);
  return (await api(event.calls.list!, { limit: 'ALL' }, token)).results as {
    _id: string;
    title: string;
    startTime: string;
    endTime: string;
  }[];
};

test('calendar: add an event on a slot, drag it to another, edit and delete it; the feed link with a copy button', {
  skip,
  timeout: 180_000,
}, async () => {
  await openSection(page, 'CRM', 'Calendar');
  await page.getByRole('button', { name: 'Week', exact: true }).click();

  // Click the 10:00 slot of the first day of the week shown.
  const slot = page.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]');
  const firstDay = page.locator('td.fc-timegrid-col.fc-day').first();
  const dayBox = await firstDay.boundingBox();
  const slotBox = await slot.boundingBox();
  assert.ok(dayBox && slotBox);
  await page.mouse.click(dayBox.x + dayBox.width / 2, slotBox.y + slotBox.height / 2);
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  await dialog.waitFor().catch(async (error) => {
    await page.screenshot({ path: '/tmp/calendar-e2e.png' });
    throw error;
  });
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await dialog.getByText('Please provide a title.').first().waitFor();
  await dialog.getByLabel('Title').fill('Shortlist review');
  await dialog.getByLabel('Other attendees’ emails').fill('jo@candidate.example');
  await dialog.getByLabel('Other attendees’ emails').press('Enter');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const card = page.locator('.fc-event', { hasText: 'Shortlist review' });
  await card.waitFor();
  let [made] = await listEvents();
  assert.equal(made?.title, 'Shortlist review');
  assert.equal(new Date(made?.startTime as string).getUTCMinutes(), 0);

  // Drag it one day to the right: the server moves it by 24 hours.
  const box = await card.boundingBox();
  assert.ok(box);
  await page.mouse.move(box.x + box.width / 2, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dayBox.width / 2, box.y + 5, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + dayBox.width, box.y + 5, { steps: 5 });
  await page.mouse.up();
  await page.getByText('Event moved; attendees are sent the update').waitFor();
  const [moved] = await listEvents();
  assert.equal(new Date(moved?.startTime as string).getTime() - new Date(made?.startTime as string).getTime(), 24 * 60 * 60 * 1000);
  made = moved;

  // Click it to edit, then delete it.
  await page.locator('.fc-event', { hasText: 'Shortlist review' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill('Shortlist review with Jo');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await edit.waitFor({ state: 'hidden' });
  await page.locator('.fc-event', { hasText: 'Shortlist review with Jo' }).click();
  await page.getByRole('dialog', { name: 'Edit event' }).getByRole('button', { name: 'Delete event' }).click();
  await page.getByRole('dialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete event' }).click();
  await page.locator('.fc-event', { hasText: 'Shortlist review' }).waitFor({ state: 'detached' });
  assert.deepEqual(await listEvents(), []);

  // The feed link, shown with a copy button, serves a calendar.
  await page.getByRole('button', { name: 'Get my calendar link' }).click();
  const link = page.getByLabel('Calendar feed link');
  await link.waitFor();
  const url = await link.inputValue();
  assert.match(url, /\/api\/event\/feed\/[\w-]+\.ics$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const served = await fetch(url.replace(/^https?:\/\/[^/]+/, server.url));
  assert.equal(served.status, 200);
  assert.match(await served.text(), /BEGIN:VCALENDAR/);
});

test('calendar on a phone: the toolbar and day headers fit 390 pixels, New event beside Today, and the meeting link opens', {
  skip,
  timeout: 180_000,
}, async () => {
  const { api } = httpApi(server.url);
  // An event tomorrow at 10:00 London time with a video meeting, to open from the day view.
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const day = tomorrow.toISOString().slice(0, 10);
  const made = (await api(
    event.calls.create!,
    {
      title: 'Phone screen with Jo',
      startTime: new Date(`${day}T10:00:00Z`).toISOString(),
      endTime: new Date(`${day}T10:30:00Z`).toISOString(),
      scheduleGoogleMeetCall: true,
      timeZone: 'Europe/London',
    },
    token,
  )) as { meetingLink: string };

  await page.setViewportSize({ width: 390, height: 844 });
  // The phone's menu is behind its burger: the calendar is opened by its address.
  await page.goto(new URL('/crm/calendar', page.url()).toString());
  const toolbar = page.locator('.fc-header-toolbar');
  await toolbar.waitFor();
  for (const name of ['Today', 'New event', 'Month', 'Week', 'Day']) await toolbar.getByRole('button', { name, exact: true }).waitFor();
  // A string, not a function: the test's compiler would name an inner function with a helper the page does not have.
  const fits = async () =>
    page.evaluate(`(() => {
      const inside = (selector) =>
        [...document.querySelectorAll(selector)].every((element) => element.getBoundingClientRect().right <= window.innerWidth + 0.5);
      return {
        page: document.documentElement.scrollWidth <= window.innerWidth,
        toolbar: inside('.fc-header-toolbar .fc-button, .fc-toolbar-title'),
        headers: inside('.fc-col-header-cell'),
      };
    })()`);
  assert.deepEqual(await fits(), { page: true, toolbar: true, headers: true });
  await toolbar.getByRole('button', { name: 'Week', exact: true }).click();
  assert.deepEqual(await fits(), { page: true, toolbar: true, headers: true });
  await toolbar.getByRole('button', { name: 'Month', exact: true }).click();
  assert.deepEqual(await fits(), { page: true, toolbar: true, headers: true });

  // New event: the form opens at the next hour, and the event carries the browser's zone.
  await toolbar.getByRole('button', { name: 'New event', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  await dialog.getByText('Times are in your time zone (Europe/London)').waitFor();
  await dialog.getByLabel('Title').fill('Quick catch-up');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const quick = (await listEvents()).find((one) => one.title === 'Quick catch-up') as { timeZone?: string } | undefined;
  assert.equal(quick?.timeZone, 'Europe/London');

  // The day view of tomorrow: the event opens with its meeting link as a link.
  await toolbar.getByRole('button', { name: 'Day', exact: true }).click();
  await toolbar.getByRole('button', { name: '›', exact: true }).click();
  await page.locator('.fc-event', { hasText: 'Phone screen with Jo' }).click();
  const view = page.getByRole('dialog', { name: 'Edit event' });
  const link = view.getByRole('link', { name: made.meetingLink });
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), made.meetingLink);
  assert.equal(await link.getAttribute('target'), '_blank');
  await view.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1366, height: 800 });
});
