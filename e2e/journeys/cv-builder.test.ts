import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import type { Download, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { openPage, withServerAndBrowser } from '../support/journey';
import { openSection } from '../support/steps';

const seeker = { first: 'Grace', last: 'Hopper', email: 'grace.hopper@example.com', phone: '+447700900456', password: 'Grace-seeker-123' };
const fullName = `${seeker.first} ${seeker.last}`;
const designation = 'Senior Staff Nurse';
const recipient = { name: 'Dr Amelia Jones', company: 'Leeds Teaching Hospitals', jobTitle: 'Ward Manager' };

/** Picks one option of a Mantine select by the input's label, inside `scope`. */
const choose = async (page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) => {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Clicks what starts a download and answers the file's bytes and the name the browser saves it under. */
const downloaded = async (page: Page, click: () => Promise<void>) => {
  const started = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const download: Download = await started;
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(fs.readFileSync(path)) };
};

const pdfText = async (pdf: Uint8Array) => {
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

test('CV builder: a new seeker builds a CV from their profile, previews it, switches to Modern and downloads the PDF; then writes a cover letter from suggestions and downloads it as Word', {
  skip: skipWithoutChromium(),
  timeout: 240_000,
}, async () => {
  await withServerAndBrowser(async ({ server, browser }) => {
    const page = await openPage({ browser, server, context: { viewport: { width: 1360, height: 900 }, acceptDownloads: true } });
    // The server's content security policy must leave the builder whole: the browser says when it blocks anything.
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });

    // A new seeker registers and lands in their area.
    await page.goto('/register');
    await page.getByLabel('First name').fill(seeker.first);
    await page.getByLabel('Last name').fill(seeker.last);
    await page.getByLabel('Email').fill(seeker.email);
    await page.getByLabel('Phone').fill(seeker.phone);
    await page.getByLabel('Password').fill(seeker.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/seeker');

    // A new CV starts from the profile: the name, email and phone are there already.
    await openSection(page, 'Job seeker', 'My CVs');
    await page.getByRole('heading', { name: 'No CVs yet' }).waitFor();
    await page.getByRole('link', { name: 'New CV' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New CV' }).waitFor();
    assert.equal(await page.getByLabel('First name').inputValue(), seeker.first);
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), seeker.email);

    // Saving without the required parts puts the spec's messages beside them.
    await page.getByRole('button', { name: 'Save CV' }).first().click();
    await page.getByText('Please enter designation').waitFor();
    await page.getByText('Please enter professional summary').waitFor();

    await page.getByLabel('First name').fill(seeker.first);
    await page.getByLabel('Last name').fill(seeker.last);
    await page.getByLabel('Designation').fill(designation);
    await page.getByLabel('Email', { exact: true }).fill(seeker.email);
    await page.getByLabel('Phone', { exact: true }).fill(seeker.phone);
    await page.getByRole('textbox', { name: 'Professional summary' }).click();
    await page.keyboard.type('Ward nurse with ten years on acute medical wards, calm under pressure and keen to lead a team.');

    // One job in the work history.
    await page.getByRole('button', { name: 'Work history' }).click();
    await page.getByRole('button', { name: 'Add job' }).click();
    const job = page.getByRole('group').filter({ has: page.getByLabel('Responsibilities') });
    await job.getByLabel('Job title').fill('Staff Nurse');
    await choose(page, job, 'Job type', 'Full-time');
    await job.getByLabel('Company').fill('St James’s University Hospital');
    await job.getByLabel('Town or city').fill('Leeds');
    await job.getByLabel('Start date').fill('2016-09-01');
    await job.getByRole('switch', { name: 'I work here now' }).check();
    await job.getByLabel('Responsibilities').fill('- Led a team of six nurses on a 28-bed ward\n- Introduced a new handover routine');
    await page.getByRole('button', { name: 'Save CV' }).first().click();
    await page.waitForURL(/\/seeker\/cvs\/[0-9a-f]{24}$/);
    await page.getByText('All changes saved.').waitFor();

    // The live preview is drawn in the browser with the same template.
    const preview = page.getByTitle('Preview of your CV');
    await preview.waitFor();
    assert.match((await preview.getAttribute('src')) ?? '', /^blob:/);
    await page.getByText('Up to date').waitFor();

    // The Modern template, saved.
    await page.getByRole('radio', { name: 'Modern template' }).click();
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save CV' }).first().click();
    await page.getByText('All changes saved.').waitFor();

    // The PDF is drawn by the server and saved under its name; its text is real text.
    const cv = await downloaded(page, () => page.getByRole('button', { name: 'Download PDF' }).first().click());
    assert.match(cv.name, /\.pdf$/);
    assert.match(cv.name, /Grace/);
    const text = await pdfText(cv.bytes);
    assert.match(text, new RegExp(fullName.replace(' ', '\\s+'), 'i'));
    assert.match(text, new RegExp(designation, 'i'));
    assert.match(text, /St James/);

    // The list shows it as the default, in Modern.
    await openSection(page, 'Job seeker', 'My CVs');
    const card = page.getByRole('article', { name: 'My CV' });
    await card.getByText('Default').waitFor();
    await card.getByText('Modern template').waitFor();

    // A cover letter: details from the profile, the recipient typed in.
    await openSection(page, 'Job seeker', 'Cover letters');
    await page.getByRole('link', { name: 'New cover letter' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New cover letter' }).waitFor();
    assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '447700900456');
    await page.getByLabel('Designation').fill(designation);
    await page.getByLabel('Hiring manager’s name').fill(recipient.name);
    await page.getByLabel('Company name').fill(recipient.company);
    await page.getByLabel('Job title').fill(recipient.jobTitle);

    // Cover letters take UK numbers only, as the spec says.
    await page.getByLabel('Phone', { exact: true }).fill('07700 900456');
    await page.getByRole('button', { name: 'Save letter' }).first().click();
    await page.getByText('Only numbers of UK are supported right now.').waitFor();
    await page.getByLabel('Phone', { exact: true }).fill('447700900456');

    // A suggestion for the opening, with the company and job already filled in.
    await page.getByRole('button', { name: 'Suggestions for Opening' }).click();
    const suggestion = page.getByRole('menuitem', { name: new RegExp(`${recipient.jobTitle} role at ${recipient.company}`) });
    await suggestion.click();
    const opening = page.getByRole('textbox', { name: 'Opening', exact: true });
    await page.waitForFunction(
      (company) =>
        Array.from(document.querySelectorAll('[role="textbox"][aria-label="Opening"]')).some((box) => box.textContent?.includes(company)),
      recipient.company,
    );
    assert.match((await opening.textContent()) ?? '', new RegExp(`at ${recipient.company}`));
    await page.getByRole('button', { name: 'Save letter' }).first().click();
    await page.waitForURL(/\/seeker\/cover-letters\/[0-9a-f]{24}$/);
    await page.getByText('All changes saved.').waitFor();
    await page.getByTitle('Preview of your cover letter').waitFor();

    // The Word file is a real .docx with the company in its body.
    const word = await downloaded(page, () => page.getByRole('button', { name: 'Download Word' }).first().click());
    assert.match(word.name, /\.docx$/);
    assert.equal(String.fromCharCode(word.bytes[0] ?? 0, word.bytes[1] ?? 0), 'PK');
    const documentXml = new TextDecoder().decode(unzipSync(word.bytes)['word/document.xml']);
    assert.match(documentXml, new RegExp(recipient.company));
    assert.match(documentXml, new RegExp(`${recipient.jobTitle} role at ${recipient.company}`));
    assert.deepEqual(blocked, []);
  });
});
