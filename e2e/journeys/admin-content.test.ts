import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { type ServerAndBrowser, signedInPage, startServerAndBrowser } from '../support/journey';
import type { TestServer } from '../support/server';
import { openSection } from '../support/steps';

const area = 'Platform admin';
const author = { name: 'Priya Raman', fullName: 'Dr Priya Raman', profile: 'Careers writer in Leeds.' };
const articleTitle = 'How to write a CV that gets read';
const articleSlug = 'how-to-write-a-cv-that-gets-read';
const articleText = 'Lead with what you achieved, not with what you were asked to do.';
const visitor = {
  name: 'Morgan Ellis',
  email: 'morgan.ellis@example.com',
  phone: '+44 7700 900456',
  message: 'Do you list part-time warehouse jobs in Bradford?',
};

const skip = skipWithoutChromium();
let server: TestServer;
let world: ServerAndBrowser;
let browser: Browser;
let admin: Page;

/** A 1×1 PNG: enough for the server to store it as a picture and a browser to draw it. */
const pixelPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0f5a70000000049454e44ae426082',
  'hex',
);

/** Chooses a picture through a picture field's button, as a person picks a file, and waits for its upload. */
const choosePicture = async (page: Page, button: string, name: string) => {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer: pixelPng });
  await page.getByText(name, { exact: true }).waitFor();
};

/** Whether an image arrives and is drawn within a few seconds (a broken link never is). */
const drawn = async (image: ReturnType<Page['locator']>) => {
  await image.waitFor();
  const element = await image.elementHandle();
  return image
    .page()
    .waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, element, {
      timeout: 10_000,
    })
    .then(
      () => true,
      () => false,
    );
};

/** Picks one option of a Mantine select by the input's label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

// One server and one signed-in admin for both journeys: starting them is most of the time.
before(async () => {
  if (skip) return;
  world = await startServerAndBrowser();
  ({ server, browser } = world);
  admin = await signedInPage({ ...world, ...server.superAdmin, landing: '/admin' });
});

after(async () => {
  await world?.stop();
});

test('admin content: an admin adds an author, writes an article in rich text and publishes it; the public can read it', {
  skip,
  timeout: 180_000,
}, async () => {
  // An author first: an article needs one.
  await openSection(admin, area, 'Authors');
  await admin.getByRole('heading', { name: 'No authors yet' }).waitFor();
  await admin.getByRole('button', { name: 'Add author' }).first().click();
  const authorDialog = admin.getByRole('dialog', { name: 'Add author' });
  await authorDialog.getByLabel('Name', { exact: true }).fill(author.name);
  await authorDialog.getByLabel('Full name').fill(author.fullName);
  await authorDialog.getByLabel('Profile').fill(author.profile);
  await authorDialog.getByRole('button', { name: 'Create author' }).click();
  await authorDialog.waitFor({ state: 'hidden' });
  await admin.getByRole('row', { name: new RegExp(author.fullName) }).waitFor();

  // An empty article is refused with the contract's messages beside the fields.
  await openSection(admin, area, 'Articles');
  await admin.getByRole('link', { name: 'Write an article' }).first().click();
  await admin.getByRole('heading', { level: 1, name: 'Write an article' }).waitFor();
  await admin.getByRole('button', { name: 'Save article' }).click();
  await admin.getByText('Please enter title.').waitFor();

  // The article is written with the rich-text editor; the address and what search engines read follow the title.
  await admin.getByLabel('Title', { exact: true }).fill(articleTitle);
  assert.equal(await admin.getByLabel('Address').inputValue(), articleSlug);
  await choose(admin, 'Author', author.name);
  await admin.getByLabel('Short description').fill('Five changes that get a CV past the first minute.');
  await admin.getByRole('textbox', { name: 'Article text' }).click();
  await admin.keyboard.type(articleText);
  await admin.getByLabel('Tags', { exact: true }).fill('cv, advice');
  await choosePicture(admin, 'Choose an image', 'hero.png');
  assert.ok(await drawn(admin.getByRole('img', { name: 'Image: hero.png' })), 'the chosen image shows in the form');
  assert.equal(await admin.getByLabel('Meta title').inputValue(), articleTitle);
  await admin.getByRole('button', { name: 'Save article' }).click();
  await admin.waitForURL('**/admin/articles');
  const row = admin.getByRole('row', { name: new RegExp(articleTitle) });
  await row.getByText('Draft').waitFor();
  await row.getByText(author.name).waitFor();

  // A draft is not public yet: its address answers the not-found page.
  const visitorContext = await browser.newContext({ baseURL: server.url });
  try {
    const reader = await visitorContext.newPage();
    reader.setDefaultTimeout(20_000);
    assert.equal((await reader.goto(`/articles/${articleSlug}`))?.status(), 404);

    // Publishing is a status change from the row; the row then links to the public page.
    await row.getByRole('button', { name: `Change status of ${articleTitle}` }).click();
    await admin.getByRole('menuitem', { name: 'Publish' }).click();
    await row.getByText('Published').waitFor();
    const view = row.getByRole('link', { name: `View ${articleTitle}` });
    assert.equal(await view.getAttribute('href'), `/articles/${articleSlug}`);

    // A visitor, signed out, reads it there: its title, its text and its author.
    assert.equal((await reader.goto(`/articles/${articleSlug}`))?.status(), 200);
    await reader.getByRole('heading', { level: 1, name: articleTitle }).waitFor();
    await reader.getByText(articleText).waitFor();
    await reader.getByText(author.name).first().waitFor();
    const hero = reader.locator('img.hero');
    await hero.waitFor();
    assert.ok(await drawn(hero), 'the article’s image is drawn on its public page');
  } finally {
    await visitorContext.close();
  }
});

test('employee card: an admin adds a card with a photo; the public card shows it, and without it shows initials', {
  skip,
  timeout: 180_000,
}, async () => {
  await openSection(admin, area, 'Employee cards');
  await admin.getByRole('button', { name: 'Add card' }).first().click();
  const dialog = admin.getByRole('dialog', { name: 'Add card' });
  await dialog.getByLabel('Name', { exact: true }).fill('Jordan Fairweather');
  await dialog.getByLabel('Job title').fill('Senior recruiter');
  await dialog.getByLabel('Phone', { exact: true }).fill('+44 113 496 0000');
  await choosePicture(admin, 'Choose a photo', 'jordan.png');
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = admin.getByRole('row', { name: /Jordan Fairweather/ });
  await row.waitFor();

  const visitorContext = await browser.newContext({ baseURL: server.url });
  try {
    const reader = await visitorContext.newPage();
    reader.setDefaultTimeout(20_000);
    assert.equal((await reader.goto('/card/jordan-fairweather'))?.status(), 200);
    const photo = reader.getByRole('img', { name: 'Photo of Jordan Fairweather' });
    await photo.waitFor();
    assert.ok(await drawn(photo), 'the photo is drawn on the public card');

    // Taken away in the edit form, the card shows initials instead.
    await row.getByRole('button', { name: 'Edit Jordan Fairweather' }).click();
    const edit = admin.getByRole('dialog', { name: /Edit/ });
    await edit.getByRole('button', { name: 'Remove' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await reader.reload();
    await reader.getByRole('heading', { level: 1, name: 'Jordan Fairweather' }).waitFor();
    assert.equal(await reader.getByRole('img', { name: 'Photo of Jordan Fairweather' }).count(), 0);
    await reader.getByText('JF', { exact: true }).waitFor();
  } finally {
    await visitorContext.close();
  }
});

test('contact: a visitor writes through the contact page; the admin finds it in the inbox, reads it and replies', {
  skip,
  timeout: 180_000,
}, async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByLabel('Your name').fill(visitor.name);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone').fill('0770');
    await page.getByLabel('Message').fill(visitor.message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Phone must be at least 12 characters.').waitFor();
    await page.getByLabel('Phone').fill(visitor.phone);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, your message is sent').waitFor();
  } finally {
    await context.close();
  }

  // The dashboard counts it as open, and leads to the inbox.
  await admin
    .getByRole('navigation', { name: `${area} sections` })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  // Read afresh: the numbers on screen were fetched when the admin signed in, before the message.
  await admin.reload();
  const open = admin.getByRole('link', { name: /Open contact queries\W*1(?!\d)/ });
  await open.click();
  await admin.getByRole('heading', { level: 1, name: 'Contact queries' }).waitFor();
  const row = admin.getByRole('row', { name: new RegExp(visitor.name) });
  await row.getByText('New').waitFor();

  // Searching and filtering find it among new queries.
  await admin.getByLabel('Search').fill('Bradford');
  await choose(admin, 'Status', 'New');
  await admin.getByText('Showing 1–1 of 1').waitFor();

  // Opened, it reads in full; the reply goes by email and the query is then replied.
  await row.getByRole('button', { name: `Read the message from ${visitor.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Message from ${visitor.name}` });
  await dialog.getByText(visitor.message).waitFor();
  await dialog.getByText(visitor.email).waitFor();
  await dialog.getByLabel('Reply').fill('Yes: search for “warehouse” near Bradford and tick Part-time.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await admin.getByText('No contact queries match').waitFor();
  await choose(admin, 'Status', 'Replied');
  await admin
    .getByRole('row', { name: new RegExp(visitor.name) })
    .getByText('Replied')
    .waitFor();
});
