import assert from 'node:assert/strict';
import { test } from 'node:test';
import { login } from '@app/contract/resources/auth';
import { candidate } from '@app/contract/resources/crm/candidate';
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { Browser, Page } from 'playwright-core';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { samplePdf } from '../../apps/server/src/demo/sample-pdf';
import { sampleDocx } from '../../apps/server/test/support/cv-files';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage, withServerAndBrowser } from '../support/journey';
import type { TestServer } from '../support/server';
import { signIn } from '../support/steps';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A page signed in as a demo person, failing the journey on any console error or uncaught exception. */
const personAt = async (input: { browser: Browser; server: TestServer; email: string; viewport: typeof desktop; said: string[] }) => {
  const page = await openPage({ browser: input.browser, server: input.server, context: { viewport: input.viewport } });
  page.on('console', (message) => {
    if (message.type() === 'error') input.said.push(`${input.email} ${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => input.said.push(`${input.email}: uncaught: ${error.message}`));
  await signIn(page, input.email, demoPassword);
  await page.waitForURL('**/crm');
  return page;
};

const openCvsTab = async (page: Page, candidateId: string, name: string) => {
  await page.goto(`/crm/candidates/${candidateId}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('tab', { name: 'CVs' }).click();
};

/** Drops a file on an element as a browser's drag and drop does. */
const dropFile = async (page: Page, target: ReturnType<Page['getByRole']>, file: { name: string; type: string; content: Buffer }) => {
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    { bytes: [...file.content], name: file.name, type: file.type },
  );
  await target.dispatchEvent('drop', { dataTransfer });
};

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('candidate CVs: a recruiter uploads, previews, chooses the default and deletes; the add-candidate form takes a CV; who may not is told why', {
  skip: skipWithoutChromium(),
  timeout: 300_000,
}, async () => {
  await withServerAndBrowser(async ({ server, browser }) => {
    const { api, upload } = httpApi(server.url);
    await foundationDemo.run({ api, upload, superAdmin: server.superAdmin });
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    // Someone who reads candidates but holds nothing on Candidate CV.
    const features = (await api(crmFeature.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; title: string }[];
    const cvFeatures = new Set(features.filter((feature) => feature.title === 'Candidate CV').map((feature) => feature._id));
    const permissions = (await api(crmPermission.calls.list!, { limit: 'ALL' }, admin)).results as {
      _id: string;
      featureId: string;
      access_level: string;
      conditions: { scope: string };
    }[];
    const reader = await api(
      crmRole.calls.create!,
      {
        title: 'Candidate reader',
        value: 'candidate-reader',
        permissions: permissions
          .filter((p) => p.access_level === 'READ' && p.conditions.scope === 'ALL' && !cvFeatures.has(p.featureId))
          .map((p) => p._id),
      },
      admin,
    );
    await api(
      organisationStaff.calls.create!,
      {
        name: { first: 'Nell', last: 'Nocv' },
        email: 'nell.nocv@brightpath.demo',
        phone: '+447700900301',
        password: demoPassword,
        roleIds: [reader._id],
      },
      admin,
    );
    const said: string[] = [];
    const viewports = [
      { where: 'desktop', viewport: desktop },
      { where: 'phone', viewport: phone },
    ];
    const graces: Record<string, string> = {};
    for (const [index, { where }] of viewports.entries()) {
      const made = await api(
        candidate.calls.create!,
        { name: { first: 'Grace', last: `Hopper ${where}` }, email: `grace.${where}@example.com`, phone: `+44 7700 90060${index}` },
        admin,
      );
      graces[where] = made._id as string;
    }

    // The recruiter, on each size of screen.
    const recruiter = await personAt({ browser, server, email: 'priya.shah@brightpath.demo', viewport: desktop, said });
    for (const { where, viewport } of viewports) {
      await recruiter.setViewportSize(viewport);
      const name = `Grace Hopper ${where}`;
      await openCvsTab(recruiter, graces[where] as string, name);
      const drop = recruiter.getByRole('group', { name: 'Drop a CV here to upload it' });
      // A file that is no CV is refused before it is sent, in the server's words.
      await drop.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await drop.getByRole('alert').getByText('A CV must be a PDF, DOC or DOCX file').waitFor();
      // A PDF chosen with the button: listed, and as the candidate's first CV, their default.
      await drop
        .locator('input[type="file"]')
        .setInputFiles({ name: 'Grace CV.pdf', mimeType: 'application/pdf', buffer: samplePdf('Grace Hopper') });
      const pdfRow = recruiter.getByRole('region', { name: 'GraceCV.pdf' });
      await pdfRow.getByText('Default', { exact: true }).waitFor();

      // Previewed in the page, from its signed link.
      await pdfRow.getByRole('button', { name: 'Preview' }).click();
      const frame = pdfRow.locator('iframe[title="Preview of GraceCV.pdf"]');
      await frame.waitFor();
      const pdf = await recruiter.request.get((await frame.getAttribute('src')) as string);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      await pdfRow.getByRole('button', { name: 'Hide preview' }).click();

      // A DOCX dropped on the area joins it; it can be downloaded, not drawn.
      await dropFile(recruiter, drop, { name: 'Grace 2026.docx', type: docxType, content: sampleDocx });
      const docxRow = recruiter.getByRole('region', { name: 'Grace2026.docx' });
      await docxRow.waitFor();
      assert.equal(await docxRow.getByRole('button', { name: 'Preview' }).count(), 0, 'Word files are downloaded, not previewed');
      await docxRow.getByRole('link', { name: /Download/ }).waitFor();

      // The DOCX becomes the default; the PDF stops being it.
      await docxRow.getByRole('button', { name: 'Make default' }).click();
      await docxRow.getByText('Default', { exact: true }).waitFor();
      await pdfRow.getByRole('button', { name: 'Make default' }).waitFor();

      // The PDF is deleted after a confirmation.
      await pdfRow.getByRole('button', { name: 'Delete' }).click();
      await recruiter.getByRole('dialog', { name: 'Delete this CV?' }).getByRole('button', { name: 'Delete CV' }).click();
      await pdfRow.waitFor({ state: 'detached' });
      assert.ok(await fitsWidth(recruiter), `the CVs tab fits the ${where} width`);
    }

    // The add-candidate form takes a CV dropped on it (here on a phone); the candidate and the CV are saved together.
    await recruiter.goto('/crm/candidates');
    await recruiter.getByRole('button', { name: 'Add candidate' }).first().click();
    const dialog = recruiter.getByRole('dialog', { name: 'Add candidate' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Email').fill('ada.cv@example.com');
    await dialog.getByLabel('Phone').fill('+44 7700 900611');
    await dropFile(recruiter, dialog.getByRole('group', { name: /Drop the candidate’s CV here/ }), {
      name: 'Ada.pdf',
      type: 'application/pdf',
      content: samplePdf('Ada Lovelace'),
    });
    await dialog.getByText('CV: Ada.pdf').waitFor();
    assert.ok(await fitsWidth(recruiter), 'the add-candidate form fits the phone width');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    await recruiter.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await recruiter.getByRole('tab', { name: 'CVs' }).click();
    await recruiter.getByRole('region', { name: 'Ada.pdf' }).getByText('Default', { exact: true }).waitFor();
    await recruiter.context().close();

    // The viewer reads the CVs and is told what adding, choosing and deleting need.
    const viewer = await personAt({ browser, server, email: 'tom.reed@brightpath.demo', viewport: desktop, said });
    for (const { where, viewport } of viewports) {
      await viewer.setViewportSize(viewport);
      await openCvsTab(viewer, graces[where] as string, `Grace Hopper ${where}`);
      await viewer.getByRole('region', { name: 'Grace2026.docx' }).waitFor();
      await viewer.getByText(/Adding a CV or choosing the default needs write access to Candidate CVs/).waitFor();
      for (const button of ['Upload a CV', 'Build a CV', 'Make default', 'Delete']) {
        assert.equal(await viewer.getByRole('button', { name: button }).count(), 0, `a viewer is not offered ${button}`);
      }
      assert.ok(await fitsWidth(viewer), `the viewer's CVs tab fits the ${where} width`);
    }
    await viewer.context().close();

    // Without Candidate CV at all: a sentence, not an empty tab.
    const nell = await personAt({ browser, server, email: 'nell.nocv@brightpath.demo', viewport: desktop, said });
    for (const { where, viewport } of viewports) {
      await nell.setViewportSize(viewport);
      await openCvsTab(nell, graces[where] as string, `Grace Hopper ${where}`);
      await nell.getByText('You cannot see this candidate’s CVs').waitFor();
      await nell.getByText(/Seeing CVs needs read access to Candidate CVs/).waitFor();
    }
    await nell.context().close();
    assert.deepEqual(said, [], 'no console errors');
  });
});
