import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipWithoutChromium } from '../support/browser';
import { openPage, withServerAndBrowser } from '../support/journey';
import { openSection, signIn, signOut } from '../support/steps';

const organisation = { name: 'Acme Recruiting', email: 'hello@acme-recruiting.example', phone: '+44 20 7946 0000' };
const orgAdmin = {
  first: 'Ada',
  last: 'Lovelace',
  email: 'ada@acme-recruiting.example',
  phone: '+44 7700 900001',
  password: 'Acme-admin-123',
};
const staffMember = {
  first: 'Grace',
  last: 'Hopper',
  email: 'grace@acme-recruiting.example',
  phone: '+44 7700 900002',
  password: 'Grace-pass-123',
};

test('foundation: a super admin sets up an organisation, whose admin adds a staff member, who sees only what their roles allow', {
  skip: skipWithoutChromium(),
  timeout: 240_000,
}, async () => {
  await withServerAndBrowser(async ({ server, browser }) => {
    const page = await openPage({ browser, server, context: { viewport: { width: 1280, height: 860 } } });

    // The super admin signs in and lands in the platform admin area.
    await signIn(page, server.superAdmin.email, server.superAdmin.password);
    await page.waitForURL('**/admin');
    await openSection(page, 'Platform admin', 'Organisations');
    await page.getByRole('heading', { name: 'No organisations yet' }).waitFor();

    // An empty form is refused, and the API's message shows beside its field.
    await page.getByRole('button', { name: 'Add organisation' }).first().click();
    const orgDialog = page.getByRole('dialog', { name: 'Add organisation' });
    await orgDialog.getByRole('button', { name: 'Create organisation' }).click();
    await orgDialog.getByText('Please enter organisation name').waitFor();

    await orgDialog.getByLabel('Organisation name').fill(organisation.name);
    await orgDialog.getByLabel('Organisation email').fill(organisation.email);
    await orgDialog.getByLabel('Phone number').fill(organisation.phone);
    await orgDialog.getByLabel('Admin first name').fill(orgAdmin.first);
    await orgDialog.getByLabel('Admin last name').fill(orgAdmin.last);
    await orgDialog.getByLabel('Admin email').fill(orgAdmin.email);
    await orgDialog.getByLabel('Admin phone').fill(orgAdmin.phone);
    await orgDialog.getByLabel('Initial password').fill(orgAdmin.password);
    await orgDialog.getByRole('button', { name: 'Create organisation' }).click();
    await orgDialog.waitFor({ state: 'hidden' });
    const orgRow = page.getByRole('row', { name: new RegExp(organisation.name) });
    await orgRow.waitFor();
    assert.match((await orgRow.textContent()) ?? '', /Active/);

    // Roles of every organisation name their organisation (from the organisation lookup).
    await openSection(page, 'Platform admin', 'Roles');
    const adminRoleRow = page.getByRole('row', { name: /Organisation admin/ });
    await adminRoleRow.getByText(organisation.name).waitFor();
    // A platform admin makes a role for the organisation with the same grid its staff use.
    await page.getByRole('link', { name: 'Add role' }).click();
    await page.getByRole('heading', { name: 'New role' }).waitFor();
    await page.getByRole('textbox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: organisation.name }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Client viewer');
    await page.getByRole('radiogroup', { name: 'Clients: access' }).getByText('View', { exact: true }).click();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/roles');
    const newRoleRow = page.getByRole('row', { name: /Client viewer/ });
    await newRoleRow.getByText(organisation.name).waitFor();
    await newRoleRow.getByText(/Views clients/).waitFor();

    await signOut(page);

    // The organisation's admin signs in and lands in the CRM.
    await signIn(page, orgAdmin.email, orgAdmin.password);
    await page.waitForURL('**/crm');
    await page.getByRole('heading', { name: `Welcome, ${orgAdmin.first} ${orgAdmin.last}` }).waitFor();
    // The dashboard and the header say whose CRM this is.
    await page.getByRole('main').getByText(`Your CRM at ${organisation.name}.`).waitFor();
    await page.getByRole('banner').getByText(organisation.name).waitFor();
    await openSection(page, 'CRM', 'Staff');
    // The admin is the organisation's first staff member.
    await page.getByRole('row', { name: new RegExp(orgAdmin.email) }).waitFor();

    await page.getByRole('button', { name: 'Add staff member' }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Add staff member' });
    await staffDialog.getByLabel('First name').fill(staffMember.first);
    await staffDialog.getByLabel('Last name').fill(staffMember.last);
    await staffDialog.getByLabel('Email').fill(staffMember.email);
    await staffDialog.getByLabel('Phone').fill(staffMember.phone);
    await staffDialog.getByLabel('Password', { exact: true }).fill(staffMember.password);
    await staffDialog.getByRole('button', { name: 'Create staff member' }).click();
    await staffDialog.waitFor({ state: 'hidden' });

    const staffRow = page.getByRole('row', { name: new RegExp(`${staffMember.first} ${staffMember.last}`) });
    await staffRow.waitFor();
    assert.match((await staffRow.textContent()) ?? '', new RegExp(staffMember.email));
    await page.getByText('Showing 1–2 of 2').waitFor();

    // The server-side search finds the new member alone.
    await page.getByLabel('Search').fill(staffMember.last);
    await page.getByText('Showing 1–1 of 1').waitFor();
    assert.equal(await page.getByRole('row', { name: new RegExp(orgAdmin.email) }).count(), 0);

    // The first CRM records, on a screen made from the client definition: the spec's message, then a client.
    await openSection(page, 'CRM', 'Clients');
    await page.getByRole('button', { name: 'Add client' }).first().click();
    const clientDialog = page.getByRole('dialog', { name: 'Add client' });
    await clientDialog.getByRole('button', { name: 'Create client' }).click();
    await clientDialog.getByText('Please enter company name').waitFor();
    await clientDialog.getByLabel('Name', { exact: true }).fill('Globex Engineering');
    await clientDialog.getByLabel('Email').fill('talent@globex.example');
    await clientDialog.getByLabel('Phone').fill('+44 113 496 0000');
    await clientDialog.getByRole('button', { name: 'Create client' }).click();
    await clientDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('row', { name: /Globex Engineering/ })
      .getByText('Active')
      .waitFor();

    await signOut(page);

    // The new member has no roles yet: the CRM offers them no staff screen, and their profile is filled in.
    const permissions = page.waitForResponse((response) => response.url().endsWith('/api/auth/permissions'));
    await signIn(page, staffMember.email, staffMember.password);
    await page.waitForURL('**/crm');
    await permissions;
    await openSection(page, 'CRM', 'My profile');
    // The form appears once the profile is read, starting from it.
    assert.equal(await page.getByLabel('First name').inputValue(), staffMember.first);
    assert.equal(await page.getByLabel('Last name').inputValue(), staffMember.last);
    const sections = page.getByRole('navigation', { name: 'CRM sections' });
    assert.equal(await sections.getByRole('link', { name: 'Staff' }).count(), 0);
    assert.equal(await sections.getByRole('link', { name: 'Dashboard' }).count(), 1);
  });
});

test('a fresh installation: every page leads to the setup page, which makes the first super admin and opens the platform admin area', {
  skip: skipWithoutChromium(),
  timeout: 180_000,
}, async () => {
  await withServerAndBrowser(
    async ({ server, browser }) => {
      // The server says where to go before any page is drawn: no landing page flashes first.
      for (const path of ['/', '/jobs?q=driver']) {
        const answer = await fetch(`${server.url}${path}`, { redirect: 'manual' });
        assert.equal(answer.status, 302, path);
        assert.equal(answer.headers.get('location'), '/setup', path);
      }

      const page = await openPage({ browser, server });
      await page.goto('/jobs');
      await page.waitForURL('**/setup');
      await page.getByRole('heading', { name: 'Set up the platform' }).waitFor();
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Founder');
      await page.getByLabel('Email').fill('sam.founder@example.com');
      // A weak password is refused with the rule every password follows, said beside the field.
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create super admin' }).click();
      await page.getByText('Password must be at least 8 characters.').first().waitFor();
      assert.equal(new URL(page.url()).pathname, '/setup');
      await page.getByLabel('Password').fill('Founder-pass-2026');
      await page.getByRole('button', { name: 'Create super admin' }).click();
      await page.waitForURL('**/admin');

      // Set up once: the public pages are the public pages again, and the setup page leads to sign-in.
      assert.equal((await fetch(`${server.url}/`, { redirect: 'manual' })).status, 200);
      const visitor = await openPage({ browser, server });
      await visitor.goto('/setup');
      await visitor.waitForURL('**/login');
    },
    { firstRun: true },
  );
});
