import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { type ServerAndBrowser, signedInPage, startServerAndBrowser } from '../support/journey';
import type { TestServer } from '../support/server';
import { openSection } from '../support/steps';

const area = 'Platform admin';
const skip = skipWithoutChromium();
let server: TestServer;
let world: ServerAndBrowser;
let admin: Page;

/** Picks one option of a Mantine select by the input's label, typing first when the choices come from a search. */
const choose = async (scope: Page | Locator, label: string, option: string, typed?: string) => {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await admin.getByRole('option', { name: option, exact: true }).click();
};

/** An input's value once it settles (a picker names its value when the name arrives). */
const waitForValue = async (input: Locator, expected: string) => {
  for (let tries = 0; tries < 50 && (await input.inputValue()) !== expected; tries += 1) await new Promise((r) => setTimeout(r, 200));
  assert.equal(await input.inputValue(), expected);
};

before(async () => {
  if (skip) return;
  world = await startServerAndBrowser();
  server = world.server;
  admin = await signedInPage({ ...world, ...server.superAdmin, landing: '/admin' });
});

after(async () => {
  await world?.stop();
});

test('screens from definitions: lookups with no field list of their own; a reference picked by searching; filters; the API messages beside the fields', {
  skip,
  timeout: 180_000,
}, async () => {
  // Industries: a screen that is only its definition.
  await openSection(admin, area, 'Industries');
  await admin.getByRole('button', { name: 'Add industry' }).first().click();
  const industryDialog = admin.getByRole('dialog', { name: 'Add industry' });
  await industryDialog.getByRole('button', { name: 'Create industry' }).click();
  await industryDialog.getByText('Please enter industry name').waitFor();
  await industryDialog.getByLabel('Label').fill('Veterinary Care');
  await industryDialog.getByRole('button', { name: 'Create industry' }).click();
  await industryDialog.waitFor({ state: 'hidden' });
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Veterinary');
  const industryRow = admin.getByRole('row', { name: /Veterinary Care/ });
  await industryRow.getByText('Active').waitFor();
  // The code left empty was made by the server from the label.
  await industryRow.getByText('veterinary-care', { exact: true }).waitFor();

  // Skills: the industry is picked by searching the industries; the type starts at its default.
  await openSection(admin, area, 'Skills');
  await admin.getByRole('button', { name: 'Add skill' }).first().click();
  const skillDialog = admin.getByRole('dialog', { name: 'Add skill' });
  assert.equal(await skillDialog.getByLabel('Type', { exact: true }).inputValue(), 'Hard');
  await skillDialog.getByLabel('Label').fill('Canine dentistry');
  await choose(skillDialog, 'Industry', 'Veterinary Care', 'Veterin');
  await skillDialog.getByRole('switch', { name: 'New' }).check();
  await skillDialog.getByRole('button', { name: 'Create skill' }).click();
  await skillDialog.waitFor({ state: 'hidden' });
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Canine');
  const skillRow = admin.getByRole('row', { name: /Canine dentistry/ });
  await skillRow.getByText('Hard').waitFor();
  assert.match((await skillRow.textContent()) ?? '', /Yes/);

  // The edit form starts from the record, the picked industry named.
  await skillRow.getByRole('button', { name: 'Edit Canine dentistry' }).click();
  const editDialog = admin.getByRole('dialog', { name: 'Edit skill' });
  await editDialog.getByRole('button', { name: 'Save changes' }).waitFor();
  await waitForValue(editDialog.getByLabel('Industry', { exact: true }), 'Veterinary Care');
  await choose(editDialog, 'Type', 'Soft');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await editDialog.waitFor({ state: 'hidden' });
  await skillRow.getByText('Soft').waitFor();

  // The definition's filters: an enum and a reference.
  const main = admin.getByRole('main');
  await choose(main, 'Type', 'Hard');
  await admin.getByText('No skills match').waitFor();
  await choose(main, 'Type', 'Soft');
  await admin.getByRole('searchbox', { name: 'Search' }).fill('');
  await choose(main, 'Industry', 'Veterinary Care', 'Veterin');
  await admin.getByText('Showing 1–1 of 1').waitFor();
  await skillRow.waitFor();

  // CRM features: a feature's module picked from the modules; a delete asks first.
  await openSection(admin, area, 'Features');
  await admin.getByRole('button', { name: 'Add feature' }).first().click();
  const featureDialog = admin.getByRole('dialog', { name: 'Add feature' });
  await featureDialog.getByLabel('Title').fill('Interview notes');
  assert.equal(await featureDialog.getByLabel('Value').inputValue(), 'interview-notes');
  await featureDialog.getByRole('button', { name: 'Create feature' }).click();
  await featureDialog.getByText('Please choose a module').waitFor();
  await choose(featureDialog, 'Module', 'Interview', 'Interv');
  await featureDialog.getByLabel('Model name').fill('Interview');
  await featureDialog.getByRole('button', { name: 'Create feature' }).click();
  await featureDialog.waitFor({ state: 'hidden' });
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Interview notes');
  const featureRow = admin.getByRole('row', { name: /Interview notes/ });
  await featureRow.getByRole('button', { name: 'Delete Interview notes' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete Interview notes?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('No features match').waitFor();
});
