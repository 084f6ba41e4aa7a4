import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { candidate } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { crmNote } from '@app/contract/resources/crm/note';
import { crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { Locator, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { type AgencyWorld, signedInPage, startAgencyWorld } from '../support/journey';
import type { TestServer } from '../support/server';
import { openSection } from '../support/steps';

const skip = skipWithoutChromium();
const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };
const adminEmail = 'rita@candidates-agency.example';
const password = 'Candidates-pass-2026';
let server: TestServer;
let world: AgencyWorld;
let page: Page;
let token: string;

before(async () => {
  if (skip) return;
  world = await startAgencyWorld({
    agency: {
      name: 'Candidates Agency',
      email: 'hello@candidates-agency.example',
      phoneNumber: '+44 20 7946 0001',
      admin: { email: adminEmail, password, phone: '+447700900001', first: 'Rita', last: 'Recruiter' },
    },
    context: { viewport: desktop },
  });
  ({ server, token, page } = world);
});

after(async () => {
  await world?.stop();
});

const addCandidate = async (input: { first: string; last: string; email: string; phone: string }) => {
  // An empty list offers it twice (header and empty state); either opens the same form.
  await page.getByRole('button', { name: 'Add candidate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add candidate' });
  await dialog.getByLabel('First name').fill(input.first);
  await dialog.getByLabel('Last name').fill(input.last);
  await dialog.getByLabel('Email').fill(input.email);
  await dialog.getByLabel('Phone').fill(input.phone);
  await dialog.getByRole('button', { name: 'Create candidate' }).click();
  return dialog;
};

/** Waits until the element's top is on screen (the dialog scrolls to it smoothly). */
const waitInView = async (locator: Locator) => {
  const handle = await locator.elementHandle();
  await locator.page().waitForFunction((element) => {
    const box = (element as Element).getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight - 40;
  }, handle);
};

/** Whether a control lies wholly within the window's width: reachable without scrolling sideways. */
const withinWidth = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
  });

/** Nothing in the dialog, nor the page, scrolls sideways. */
const noSidewaysScroll = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const scrollers = [element, ...Array.from(element.querySelectorAll('*'))].filter((inner) =>
      ['auto', 'scroll'].includes(getComputedStyle(inner).overflowX),
    );
    const page = document.documentElement;
    return page.scrollWidth <= page.clientWidth + 1 && scrollers.every((inner) => inner.scrollWidth <= inner.clientWidth + 1);
  });

/** What a recruiter exports from a spreadsheet: semicolons, a BOM, CRLF, a quoted value, and one row missing its phone. */
const importFile = [
  '\uFEFFFull name;E-mail;Mobile;Town',
  'Grace Hopper;grace@example.com;+44 7700 900456;"Arlington; VA"',
  'Alan Turing;alan@example.com;07700 900789;Wilmslow',
  'No Phone;nophone@example.com;;Leeds',
].join('\r\n');

test('candidates: imported from CSV, a duplicate by phone is warned of and merged; the survivor is found by search and given a note', {
  skip,
  timeout: 240_000,
}, async () => {
  await openSection(page, 'CRM', 'Candidates');
  // An empty list offers it twice (header and empty state).
  await page.getByRole('button', { name: 'Import' }).first().click();
  const importer = page.getByRole('dialog', { name: 'Import candidates' });
  await importer
    .locator('input[type=file]')
    .setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(importFile) });
  await importer.getByText('3 rows, columns: Full name, E-mail, Mobile, Town').waitFor();
  await importer.getByRole('button', { name: 'Next' }).click();
  // The columns are matched by their names; each can still be changed.
  assert.equal(await importer.getByLabel('Field for column Mobile').inputValue(), 'Phone');
  assert.equal(await importer.getByLabel('Field for column Town').inputValue(), 'City');
  await importer.getByRole('button', { name: 'Check rows' }).click();
  await importer.getByText('2 to create, 0 to update, 0 to skip, 1 with problems (of 3 rows)').waitFor();
  await importer
    .getByRole('row', { name: /No Phone/ })
    .getByText('Mobile: Please enter phone number.')
    .waitFor();
  await importer.getByRole('button', { name: 'Import 2 candidates' }).click();
  await importer.getByText('2 created, 0 updated, 0 skipped, 1 failed (of 3 rows)').waitFor();
  await importer.getByRole('button', { name: 'Done' }).click();

  // The list shows what came in; Grace is found by search.
  await page.getByLabel('Search').fill('Grace');
  await page
    .getByRole('row', { name: /Grace Hopper/ })
    .getByRole('link', { name: 'Open Grace Hopper' })
    .click();
  await page.waitForURL(/\/crm\/candidates\/[0-9a-f]{24}$/);
  await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
  const survivorId = page.url().split('/').pop() as string;

  // The same phone written the British way is the same person.
  await page.getByRole('link', { name: 'All candidates' }).click();
  const dialog = await addCandidate({ first: 'Grace', last: 'B. Hopper', email: 'g.hopper@example.com', phone: '07700 900456' });
  const warning = dialog.getByRole('alert').filter({ hasText: 'This may be a candidate you already have' });
  await warning.waitFor();
  // Seen where the user is looking: scrolled to at the top of the form, and a toast.
  await waitInView(warning);
  await page.getByText('Possible duplicate', { exact: true }).waitFor();
  await warning.getByRole('cell', { name: '+44 7700 900456' }).waitFor();
  const mergeButton = warning.getByRole('button', { name: 'Merge into Grace Hopper' });
  assert.ok(await withinWidth(mergeButton), 'Merge into this one fits the desktop dialog');
  assert.ok(await withinWidth(warning.getByRole('button', { name: 'Create anyway' })), 'Create anyway fits the desktop dialog');
  assert.ok(await noSidewaysScroll(dialog), 'the warning needs no sideways scroll on desktop');
  await mergeButton.click();

  // The typed details are compared with Grace's, unsaved: nothing has been created yet.
  await page.waitForURL(/\/crm\/candidates\/merge\?/);
  await page.getByRole('heading', { level: 1, name: 'Merge candidates' }).waitFor();
  const { api } = httpApi(server.url);
  const before = (await api(candidate.calls.list!, { limit: 'ALL' }, token)).results as { email: string }[];
  assert.ok(!before.some((row) => row.email === 'g.hopper@example.com'), 'no candidate is created before the merge');
  // Keep the survivor's name and email; the phone as it was typed.
  await page.getByRole('radio', { name: /^Phone from Typed details/ }).check();
  await page.getByRole('button', { name: /^Merge into Grace Hopper/ }).click();
  await page
    .getByRole('dialog', { name: /^Merge the details into Grace Hopper/ })
    .getByRole('button', { name: 'Merge', exact: true })
    .click();
  await page.waitForURL(`**/crm/candidates/${survivorId}`).catch(async (error) => {
    await page.screenshot({ path: '/tmp/crm-candidates-e2e.png' });
    throw error;
  });

  const left = (await api(candidate.calls.list!, { limit: 'ALL' }, token)).results as { _id: string; phone: string; email: string }[];
  assert.deepEqual(left.map((row) => [row._id === survivorId ? 'survivor' : row.email, row.phone]).sort(), [
    ['alan@example.com', '07700 900789'],
    ['survivor', '07700 900456'],
  ]);

  // On a phone the warning is cards, not a wide table, and its buttons stay in view.
  await page.setViewportSize(phone);
  await page.getByRole('link', { name: 'All candidates' }).click();
  const onPhone = await addCandidate({ first: 'Alan', last: 'M. Turing', email: 'a.turing@example.com', phone: '07700 900789' });
  const phoneWarning = onPhone.getByRole('alert').filter({ hasText: 'This may be a candidate you already have' });
  await phoneWarning.waitFor();
  await waitInView(phoneWarning);
  await phoneWarning.getByRole('listitem').filter({ hasText: 'Alan Turing' }).waitFor();
  assert.ok(await withinWidth(phoneWarning.getByRole('button', { name: 'Merge into Alan Turing' })), 'Merge into this one fits the phone');
  assert.ok(await withinWidth(phoneWarning.getByRole('button', { name: 'Create anyway' })), 'Create anyway fits the phone');
  assert.ok(await noSidewaysScroll(onPhone), 'the warning needs no sideways scroll on a phone');
  await onPhone.getByRole('button', { name: 'Cancel' }).click();
  await onPhone.waitFor({ state: 'hidden' });
  await page.setViewportSize(desktop);

  // Found by search from the list, then a note added on its page.
  await page.getByLabel('Search').fill('Hopper');
  await page
    .getByRole('row', { name: /Grace Hopper/ })
    .getByRole('link', { name: 'Open Grace Hopper' })
    .click();
  await page.waitForURL(`**/crm/candidates/${survivorId}`);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('button', { name: 'Add note' }).first().click();
  const noteDialog = page.getByRole('dialog', { name: 'Add note' });
  await noteDialog.getByLabel('Note').fill('Called Grace: available from next month.');
  await noteDialog.getByRole('button', { name: 'Create note' }).click();
  await page.getByRole('row', { name: /available from next month/ }).waitFor();

  const notes = (await api(crmNote.calls.list!, { limit: 'ALL', filter: { relatedTo: survivorId } }, token)).results as { note: string }[];
  assert.deepEqual(
    notes.map((row) => row.note),
    ['Called Grace: available from next month.'],
  );
});

test('candidates: a CV is built for a candidate from their profile with a chosen design, and previewed', {
  skip,
  timeout: 180_000,
}, async () => {
  const { api } = httpApi(server.url);
  const created = (await api(
    candidate.calls.create!,
    {
      name: { first: 'Ada', last: 'Lovelace' },
      email: 'ada@example.com',
      // Not Alan Turing's number from the import above: that would be a duplicate (409).
      phone: '+44 7700 900321',
      about: 'Analyst of engines and first programmer.',
      preferences: { currentJobTitle: 'Principal Analyst' },
    },
    token,
  )) as { _id: string };
  await page.goto(`/crm/candidates/${created._id}`);
  await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
  await page.getByRole('tab', { name: 'CVs' }).click();
  await page.getByRole('button', { name: 'Build a CV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build a CV' });
  // Prefilled from the profile.
  assert.equal(await dialog.getByLabel('Designation').inputValue(), 'Principal Analyst');
  await dialog.getByLabel('CV title').fill('Ada for banks');
  await dialog.getByRole('radio', { name: 'Modern template' }).check();
  await dialog.getByRole('button', { name: 'Build CV' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const row = page.getByLabel('Ada for banks');
  await row.getByText('Built', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Preview' }).click();
  const frame = row.locator('iframe[title="Preview of Ada for banks"]');
  await frame.waitFor();
  const src = (await frame.getAttribute('src')) as string;
  const pdf = await page.request.get(src);
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');

  const cvs = (await api(candidateCv.calls.list!, { filter: { jobSeekerId: created._id } }, token)).results as {
    type: string;
    document: { templateSlug: string; designation: string };
  }[];
  assert.deepEqual(
    cvs.map((cv) => [cv.type, cv.document.templateSlug, cv.document.designation]),
    [['BUILT', 'modern', 'Principal Analyst']],
  );
});

test('candidates: a recruiter with write access merges typed details into an existing candidate, and is told who can merge two saved ones', {
  skip,
  timeout: 180_000,
}, async () => {
  const { api } = httpApi(server.url);
  const permissions = (await api(crmPermission.calls.list!, { limit: 'ALL' }, token)).results as {
    _id: string;
    access_level: string;
    conditions: { scope: string };
  }[];
  const role = await api(
    crmRole.calls.create!,
    {
      title: 'Writer',
      value: 'writer',
      permissions: permissions.filter((p) => p.access_level === 'WRITE' && p.conditions.scope === 'ALL').map((p) => p._id),
    },
    token,
  );
  const writer = { email: 'wendy@candidates-agency.example', password: 'Writer-pass-2026' };
  await api(
    organisationStaff.calls.create!,
    { name: { first: 'Wendy', last: 'Writer' }, ...writer, phone: '+447700900102', roleIds: [role._id] },
    token,
  );
  const one = (await api(
    candidate.calls.create!,
    { name: { first: 'Mary', last: 'Seacole' }, email: 'mary@example.com', phone: '+44 7700 900555' },
    token,
  )) as { _id: string };
  const two = (await api(
    candidate.calls.create!,
    { name: { first: 'Mary', last: 'J. Seacole' }, email: 'mary.j@example.com', phone: '+44 7700 900556' },
    token,
  )) as { _id: string };
  const own = await signedInPage({ browser: world.browser, server, ...writer, landing: '/crm', context: { viewport: desktop } });
  try {
    await own.goto(`/crm/candidates/merge?survivor=${one._id}&merged=${two._id}`);
    await own.getByText('You cannot merge candidates').waitFor();
    await own.getByText(/Your organisation admin can merge them/).waitFor();
    assert.equal(await own.getByRole('button', { name: 'Merge candidates' }).count(), 0);

    await openSection(own, 'CRM', 'Candidates');
    await own.getByRole('button', { name: 'Add candidate' }).first().click();
    const dialog = own.getByRole('dialog', { name: 'Add candidate' });
    await dialog.getByLabel('First name').fill('Mary');
    await dialog.getByLabel('Last name').fill('Seacole');
    await dialog.getByLabel('Email').fill('mary@example.com');
    await dialog.getByLabel('Phone').fill('+44 7700 900999');
    await dialog.getByLabel('Current job title').fill('Nurse');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    const warning = dialog.getByRole('alert').filter({ hasText: 'This may be a candidate you already have' });
    await warning.getByRole('button', { name: 'Merge into Mary Seacole' }).click();
    await own.getByRole('heading', { level: 1, name: 'Merge candidates' }).waitFor();
    await own.getByRole('radio', { name: /^Preferences from Typed details/ }).check();
    await own.getByRole('button', { name: /^Merge into Mary Seacole/ }).click();
    await own
      .getByRole('dialog', { name: /^Merge the details into Mary Seacole/ })
      .getByRole('button', { name: 'Merge', exact: true })
      .click();
    await own.waitForURL(`**/crm/candidates/${one._id}`);
    const after = (await api(candidate.calls.details!, { _id: one._id }, token)) as {
      phone: string;
      preferences: { currentJobTitle: string };
    };
    assert.equal(after.preferences.currentJobTitle, 'Nurse');
    assert.equal(after.phone, '+44 7700 900555');
    const marys = (await api(candidate.calls.list!, { limit: 'ALL', search: 'Seacole' }, token)).results as unknown[];
    assert.equal(marys.length, 2, 'no third Mary was created');
  } finally {
    await own.context().close();
  }
});
