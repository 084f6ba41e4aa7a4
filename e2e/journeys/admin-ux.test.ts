import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { login } from '../../packages/contract/src/resources/auth';
import { crmRole } from '../../packages/contract/src/resources/crm-access';
import { organisationStaff } from '../../packages/contract/src/resources/organisation-staff';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage, type ServerAndBrowser, signedInPage, startServerAndBrowser } from '../support/journey';
import { openSection, signIn, signOut } from '../support/steps';

const skip = skipWithoutChromium();
// One server and browser for the file: each journey makes people of its own, so none sees another's.
let world: ServerAndBrowser;

before(async () => {
  if (!skip) world = await startServerAndBrowser();
});

after(async () => {
  await world?.stop();
});

/** A job seeker registered through the API, as the registration page would make them. */
const aSeeker = async (first: string, last: string, phone: string) => {
  const seeker = { email: `${first}.${last}@example.com`.toLowerCase(), password: 'Seeker-pass-123' };
  await httpApi(world.server.url).api({ method: 'POST', path: '/job-seeker/' } as never, {
    name: { first, last },
    email: seeker.email,
    phone,
    password: seeker.password,
  });
  return seeker;
};

test('forms never lose work: leaving a half-edited profile asks first', { skip, timeout: 240_000 }, async () => {
  const { server, browser } = world;
  const seeker = await aSeeker('Sam', 'Seeker', '+447700900123');
  const page = await signedInPage({
    browser,
    server,
    ...seeker,
    landing: '/seeker',
    context: { viewport: { width: 1280, height: 860 } },
  });

  // Half an introduction, then away to another page: the app asks, and staying keeps the words.
  const introduction = page.getByLabel('Introduction');
  await introduction.fill('Warehouse team leader with ten years');
  const nav = page.getByRole('navigation', { name: 'Job seeker sections' });
  await nav.getByRole('link', { name: 'My applications' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await ask.waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/seeker');
  assert.equal(await introduction.inputValue(), 'Warehouse team leader with ten years');

  // Leaving on purpose goes.
  await nav.getByRole('link', { name: 'My applications' }).click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await ask.waitFor({ state: 'hidden' });
  // The applications screen's code is first fetched now; on a loaded machine that once took over 20 s.
  await page.waitForURL('**/seeker/applications', { timeout: 60_000 });

  // A profile opened and left untouched does not ask (no form counts itself changed on opening).
  await nav.getByRole('link', { name: 'My profile' }).click();
  await page.getByLabel('Introduction').waitFor();
  await nav.getByRole('link', { name: 'My applications' }).click();
  await page.waitForURL('**/seeker/applications');
  assert.equal(await ask.count(), 0);
});

test("a skill missing from the list, typed in by a seeker, waits in the admin's skills for approval", {
  skip,
  timeout: 240_000,
}, async () => {
  const { server, browser } = world;
  const seeker = await aSeeker('Tara', 'Typist', '+447700900124');
  const skillName = 'Quantum basket weaving';
  const page = await openPage({ browser, server, context: { viewport: { width: 1280, height: 900 } } });

  // The seeker types a skill the list lacks, adds it as typed, and saves.
  await signIn(page, seeker.email, seeker.password);
  await page.waitForURL('**/seeker');
  await page.getByRole('textbox', { name: 'Add a skill' }).fill(skillName);
  await page.getByRole('option', { name: `Add “${skillName}”` }).click();
  await page.getByRole('listitem').filter({ hasText: skillName }).waitFor();
  await page.getByRole('button', { name: 'Save skills' }).click();
  await page.getByText('Your skills have been saved').first().waitFor();
  await page.reload();
  await page.getByRole('listitem').filter({ hasText: skillName }).waitFor();
  await signOut(page);

  // The platform admin finds it among the skills waiting for a yes or no, and approves it.
  await signIn(page, server.superAdmin.email, server.superAdmin.password);
  await page.waitForURL('**/admin');
  await page.goto('/admin/skills');
  await page.getByLabel('Search').fill('Quantum');
  const row = page.getByRole('row', { name: new RegExp(skillName) });
  await row.getByText('Pending').waitFor();
  await row.getByRole('button', { name: `Change status of ${skillName}` }).click();
  await page.getByRole('menuitem', { name: 'Approve / switch on' }).click();
  await row.getByText('Active').waitFor();
});

test('a half-valid form shows what is wrong without sending anything, then saves once fixed', {
  skip,
  timeout: 240_000,
}, async () => {
  const { server, browser } = world;
  const seeker = await aSeeker('Pat', 'Pay', '+447700900125');
  const page = await signedInPage({
    browser,
    server,
    ...seeker,
    landing: '/seeker',
    context: { viewport: { width: 1280, height: 900 } },
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/job-seeker/updatePreferences')) sent.push(request.method());
  });

  // A range upside down: the form says so in words, beside the field, and sends nothing.
  await page.getByLabel('Expected salary from (£)').fill('50000');
  await page.getByLabel('Expected salary to (£)').fill('30000');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await page.getByText('The maximum salary must not be below the minimum').waitFor();
  assert.deepEqual(sent, []);

  // Put right, it saves with one request.
  await page.getByLabel('Expected salary to (£)').fill('60000');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await page.getByText('Your preferences have been saved').first().waitFor();
  assert.deepEqual(sent, ['POST']);
  await page.reload();
  // Kept: the field shows it again once the profile has loaded.
  await page.waitForFunction(() => {
    const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.includes('Expected salary to'));
    return (label?.control as HTMLInputElement | null)?.value.replace(/\D/g, '') === '60000';
  });
});

test('roles as a grid: the admin gives a role Edit on clients, and its holder adds a client', {
  skip,
  timeout: 300_000,
}, async () => {
  const { server, browser } = world;
  const { api, upload } = httpApi(server.url);
  await foundationDemo.run({ api, upload, superAdmin: server.superAdmin });
  const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
  // A role that allows nothing yet, and a staff member holding it.
  const role = await api(crmRole.calls.create!, { title: 'Account handler', value: 'account-handler', permissions: [] }, admin);
  const handler = { email: 'casey.handler@brightpath.demo', password: 'Casey-pass-123' };
  await api(
    organisationStaff.calls.create!,
    {
      name: { first: 'Casey', last: 'Handler' },
      email: handler.email,
      phone: '+447700900300',
      password: handler.password,
      roleIds: [role._id],
    },
    admin,
  );

  const page = await signedInPage({
    browser,
    server,
    email: demoOrganisationAdmin,
    password: demoPassword,
    landing: '/crm',
    context: { viewport: { width: 1280, height: 900 } },
  });
  await openSection(page, 'CRM', 'Roles');
  // The list says what each role allows in words.
  await page
    .getByRole('row', { name: /Viewer/ })
    .getByText('Views everything')
    .waitFor();
  await page
    .getByRole('row', { name: /Account handler/ })
    .getByText('Allows nothing yet')
    .waitFor();
  await page.getByRole('button', { name: 'Edit Account handler' }).click();
  await page.getByRole('heading', { name: 'Edit Account handler' }).waitFor();

  // Plain words, no internal names; one level and scope per area.
  await page.getByRole('rowheader', { name: 'Candidates — Sign-in credentials' }).waitFor();
  assert.equal(await page.getByText('CrmNote').count(), 0);
  const clientsAccess = page.getByRole('radiogroup', { name: 'Clients: access' });
  await clientsAccess.getByText('Edit', { exact: true }).click();
  await page.getByText('Views and edits clients.').waitFor();
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.waitForURL((url) => url.pathname === '/crm/roles');
  await page
    .getByRole('row', { name: /Account handler/ })
    .getByText('Views and edits clients')
    .waitFor();
  await signOut(page);

  // The role's holder now has Clients, and adds one.
  await signIn(page, handler.email, handler.password);
  await page.waitForURL('**/crm');
  await openSection(page, 'CRM', 'Clients');
  await page.getByRole('button', { name: 'Add client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add client' });
  await dialog.getByLabel('Name', { exact: true }).fill('Grid Logistics');
  await dialog.getByLabel('Email').fill('talent@grid-logistics.example');
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('row', { name: /Grid Logistics/ }).waitFor();
});
