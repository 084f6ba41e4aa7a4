import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { samplePdf } from '../../apps/server/src/demo/sample-pdf';
import { skipWithoutChromium } from '../support/browser';
import { openPage, withServerAndBrowser } from '../support/journey';

const company = {
  name: 'Aire Valley Software',
  email: 'talent@airevalley.example',
  phone: '+44 113 496 0123',
  about: 'We build software for Yorkshire’s hospitals and schools.',
  password: 'Aire-valley-123',
};
const jobTitle = 'Senior Rust Engineer';
const seeker = { first: 'Sam', last: 'Okafor', email: 'sam.okafor@example.com', phone: '+447700900123', password: 'Sam-seeker-123' };
const seekerName = `${seeker.first} ${seeker.last}`;

/** Picks one option of a Mantine select or multiselect by the input's label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
};

/** Searches the board from the results page's search bar. */
const search = async (page: Page, words: string, place: string) => {
  const bar = page.getByRole('search', { name: 'Job search' });
  await bar.getByLabel('Keywords').fill(words);
  await bar.getByLabel('Place or postcode').fill(place);
  await bar.getByRole('button', { name: 'Search' }).click();
};

test('job board: a company posts a job in Leeds; a seeker registers, uploads a CV, finds it by words and place and applies; the company shortlists them', {
  skip: skipWithoutChromium(),
  timeout: 180_000,
}, async () => {
  await withServerAndBrowser(async ({ server, browser }) => {
    const recruiter = await openPage({ browser, server });
    const candidate = await openPage({ browser, server });

    // The company registers from the sign-in page and lands among its jobs.
    await recruiter.goto('/login');
    await recruiter.getByRole('link', { name: 'Register your company' }).click();
    await recruiter.getByRole('heading', { name: 'Register your company' }).waitFor();
    await recruiter.getByLabel('Company name').fill(company.name);
    await recruiter.getByLabel('Town or city').fill('Leeds');
    await recruiter.getByLabel('Postcode').fill('LS1 4AP');
    await recruiter.getByLabel('About the company').fill(company.about);
    await recruiter.getByLabel('Email').fill(company.email);
    await recruiter.getByLabel('Phone').fill(company.phone);
    await recruiter.getByLabel('Password').fill(company.password);
    await recruiter.getByRole('button', { name: 'Register company' }).click();
    await recruiter.waitForURL('**/company/jobs');
    await recruiter.getByRole('heading', { name: 'No jobs yet' }).waitFor();

    // An empty job is refused with the API's message beside its field; then the job is posted, published.
    await recruiter.getByRole('link', { name: 'Post a job' }).first().click();
    await recruiter.getByRole('heading', { name: 'Post a job' }).waitFor();
    await recruiter.getByRole('button', { name: 'Post job' }).click();
    await recruiter.getByText('Please provide a title.').waitFor();
    await recruiter.getByLabel('Job title').fill(jobTitle);
    await recruiter.getByLabel('Summary').fill('Build our scheduling engine in Rust, hybrid from Leeds.');
    await recruiter.getByRole('textbox', { name: 'Job details' }).click();
    await recruiter.keyboard.type('You will design and build the engine that books clinics across Yorkshire.');
    await choose(recruiter, 'Job types', 'Full-time');
    await choose(recruiter, 'Work model', 'Hybrid');
    await recruiter.getByLabel('Town or city').fill('Leeds');
    await recruiter.getByLabel('Postcode').fill('LS1 4AP');
    await recruiter.getByLabel('Salary from (£)').fill('55000');
    await recruiter.getByLabel('Salary to (£)').fill('70000');
    await recruiter.getByRole('button', { name: 'Post job' }).click();
    await recruiter.waitForURL('**/company/jobs');
    const jobRow = recruiter.getByRole('row', { name: new RegExp(jobTitle) });
    await jobRow.getByText('Published').waitFor();

    // A visitor searches by words and postcode district; the search lives in the address.
    await candidate.goto('/jobs');
    await search(candidate, 'rust', 'LS1');
    await candidate.waitForURL((url) => url.searchParams.get('q') === 'rust' && url.searchParams.get('place') === 'LS1');
    await candidate.getByText('1 job for “rust” within 10 mi of LS1 (Leeds)').waitFor();
    const result = candidate.getByRole('article', { name: jobTitle });
    assert.match((await result.textContent()) ?? '', /£55,000 – £70,000 per year/);
    assert.match((await result.textContent()) ?? '', new RegExp(company.name));

    // Opening the job asks a visitor to sign in or register, and registering comes back to it.
    await result.getByRole('link', { name: jobTitle }).click();
    await candidate.getByRole('heading', { level: 1, name: jobTitle }).waitFor();
    const jobPath = new URL(candidate.url()).pathname;
    await candidate.getByRole('link', { name: 'Register as a job seeker' }).click();
    await candidate.getByRole('heading', { name: 'Create your job seeker account' }).waitFor();
    await candidate.getByLabel('First name').fill(seeker.first);
    await candidate.getByLabel('Last name').fill(seeker.last);
    await candidate.getByLabel('Email').fill(seeker.email);
    await candidate.getByLabel('Phone').fill(seeker.phone);
    await candidate.getByLabel('Password').fill(seeker.password);
    await candidate.getByRole('button', { name: 'Create account' }).click();
    await candidate.waitForURL(`**${jobPath}`);

    // Without a CV the application dialog sends them to their profile to upload one.
    await candidate.getByRole('button', { name: 'Apply now' }).click();
    const dialog = candidate.getByRole('dialog', { name: `Apply for ${jobTitle}` });
    await dialog.getByRole('link', { name: 'Upload your CV in your profile' }).click();
    await candidate.waitForURL('**/seeker#cv');
    await candidate.getByRole('heading', { name: 'My profile' }).waitFor();
    const chooser = candidate.waitForEvent('filechooser');
    await candidate.getByLabel('Upload your CV', { exact: true }).click();
    await (await chooser).setFiles({
      name: 'sam-okafor-cv.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Sam Okafor, Rust engineer'),
    });
    await candidate.getByRole('button', { name: 'Open CV' }).waitFor();

    // They search again by town, open the job and apply.
    await candidate.getByRole('navigation', { name: 'Job seeker sections' }).getByRole('link', { name: 'Find jobs' }).click();
    await search(candidate, 'rust engineer', 'Leeds');
    await candidate.getByRole('article', { name: jobTitle }).getByRole('link', { name: jobTitle }).click();
    await candidate.getByRole('button', { name: 'Apply now' }).click();
    await candidate.getByLabel('Cover note (optional)').fill('I have built booking systems in Rust for five years.');
    await candidate.getByRole('button', { name: 'Send application' }).click();
    await candidate.getByText(/You applied on/).waitFor();

    // The company sees the applicant with their CV and shortlists them.
    await recruiter.reload();
    await recruiter.getByRole('link', { name: jobTitle, exact: true }).click();
    await recruiter.getByRole('heading', { name: `Applicants for ${jobTitle}` }).waitFor();
    const applicant = recruiter.getByRole('article', { name: seekerName });
    await applicant.getByRole('link', { name: `CV of ${seekerName}` }).waitFor();
    await applicant.getByRole('button', { name: `Change status of ${seekerName}` }).click();
    await recruiter.getByRole('menuitem', { name: 'Shortlist' }).click();
    await applicant.getByText('Shortlisted').waitFor();

    // The seeker sees it among their applications.
    await candidate.goto('/seeker/applications');
    const application = candidate.getByRole('article', { name: `Application for ${jobTitle}` });
    await application.getByText('Shortlisted').waitFor();
    await application.getByRole('button', { name: 'History' }).click();
    await application.getByText('Applied', { exact: true }).waitFor();
  });
});
