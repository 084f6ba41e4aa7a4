import { applyForJob, jobApplicants } from '@app/contract/resources/job-board/application';
import {
  coverLetter,
  coverLetterTemplate,
  coverLetterUrl,
  fillVariables,
  makeDefaultCoverLetter,
  seekerCoverLetterSections,
  seekerCoverLetterSuggestions,
} from '@app/contract/resources/job-board/cover-letter';
import { describe, expect, it } from 'vitest';
import { docxParagraphs, pdfText } from '../documents/extract';
import { aJob, aSeeker, type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const { calls } = coverLetter;

const sections = async (token = w.seeker.token) => {
  const { status, body } = await call(t.app, seekerCoverLetterSections, {}, token);
  expect(status, body.message).toBe(200);
  return body.data.results as { _id: string; value: string; isDraggable: boolean; suggestions: { content: string }[] }[];
};

const letterInput = async (overrides: Record<string, unknown> = {}) => {
  const [greeting, opening] = await sections();
  return {
    title: 'Letter for Acme',
    jobSeekerDetails: {
      name: { first: 'Ada', last: 'Lovelace' },
      email: 'ada@example.com',
      phone: '447700900123',
      designation: 'Analyst',
    },
    recipientDetails: { name: 'Ms Byron', companyName: 'Acme Engines', jobTitle: 'Lead Analyst' },
    bodySections: [
      { sectionId: greeting!._id, orderNumber: 0, content: '<p>Dear Ms Byron,</p>', isDraggable: false },
      {
        sectionId: opening!._id,
        orderNumber: 1,
        content: `<p>${fillVariables('I am writing to apply for the {{jobTitle}} role at {{companyName}}.', { jobTitle: 'Lead Analyst', companyName: 'Acme Engines' })}</p>`,
      },
    ],
    ...overrides,
  };
};

const aLetter = async (token: string, overrides: Record<string, unknown> = {}) => {
  const { status, body } = await call(t.app, calls.create!, await letterInput(overrides), token);
  expect(status, `${body.message} ${JSON.stringify(body.data)}`).toBe(200);
  return body.data as Record<string, any> & { _id: string };
};

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

describe('Cover letters: /job-seeker/cover-letter/*', () => {
  it('sections come in order with their suggestions; suggestions filter by section', async () => {
    const list = await sections();
    expect(list.map((section) => section.value)).toEqual([
      'greeting',
      'opening',
      'experience',
      'skills',
      'motivation',
      'closing',
      'sign-off',
    ]);
    expect(list[0]!.isDraggable).toBe(false);
    expect(list[1]!.suggestions[0]!.content).toContain('{{companyName}}');
    const only = await call(t.app, seekerCoverLetterSuggestions, { filter: { sectionId: list[1]!._id } }, w.seeker.token);
    expect(only.body.data.results.length).toBe(list[1]!.suggestions.length);
    const templates = await call(t.app, coverLetterTemplate.calls.list!, {}, w.seeker.token);
    expect(templates.body.data.results.map((template: { slug: string }) => template.slug).sort()).toEqual(['classic', 'compact', 'modern']);
  });

  it('fillVariables fills what it knows and leaves the rest for the seeker', () => {
    expect(fillVariables('Dear {{ hiringManager }}, at {{companyName}} as {{role}}', { hiringManager: 'Sam', companyName: '' })).toBe(
      'Dear Sam, at {{companyName}} as {{role}}',
    );
  });

  it('create, details, update, list (default first) and delete; the first letter is the default', async () => {
    const seeker = await aSeeker(t.app);
    const first = await aLetter(seeker.token);
    expect(first).toMatchObject({
      isDefault: true,
      title: 'Letter for Acme',
      templateSlug: 'classic',
      jobSeekerId: seeker.id,
      status: 'ACTIVE',
    });
    expect(first.jobSeekerDetails.name.fullName).toBe('Ada Lovelace');
    const second = await aLetter(seeker.token, { title: 'Second letter', templateSlug: 'modern' });
    expect(second.isDefault).toBe(false);
    const details = await call(t.app, calls.details!, { _id: second._id }, seeker.token);
    expect(details.body.data.title).toBe('Second letter');
    const updated = await call(t.app, calls.update!, { _id: second._id, title: 'Renamed' }, seeker.token);
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'Renamed', templateSlug: 'modern' });
    expect(updated.body.data.bodySections).toHaveLength(2);
    const list = await call(t.app, calls.list!, {}, seeker.token);
    expect(idsOf(list.body)).toEqual([first._id, second._id]);
    expect(idsOf((await call(t.app, calls.list!, { search: 'acme' }, seeker.token)).body)).toHaveLength(2);
    const made = await call(t.app, makeDefaultCoverLetter, { _id: second._id }, seeker.token);
    expect(made.body.message).toBe('This is now your default cover letter');
    expect(idsOf((await call(t.app, calls.list!, {}, seeker.token)).body)).toEqual([second._id, first._id]);
    expect((await call(t.app, calls.remove!, { _id: second._id }, seeker.token)).status).toBe(200);
    expect((await call(t.app, calls.details!, { _id: second._id }, seeker.token)).status).toBe(404);
    expect((await call(t.app, calls.details!, { _id: first._id }, seeker.token)).body.data.isDefault).toBe(true);
  });

  it('the spec’s messages: UK phone, valid email, designation, company name and title', async () => {
    const base = await letterInput();
    const expectMessage = async (change: (input: any) => void, message: string) => {
      const input = structuredClone(base);
      change(input);
      const { status, body } = await call(t.app, calls.create!, input, w.seeker.token);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    };
    await expectMessage((input) => (input.jobSeekerDetails.phone = '+15551234567'), 'Only numbers of UK are supported right now.');
    await expectMessage((input) => (input.jobSeekerDetails.phone = '4477009001234'), 'Only numbers of UK are supported right now.');
    await expectMessage((input) => (input.jobSeekerDetails.email = 'not-an-email'), 'Please enter a valid email');
    await expectMessage((input) => (input.jobSeekerDetails.designation = ''), 'Please enter designation');
    await expectMessage((input) => (input.recipientDetails.companyName = ''), 'Please enter company name');
    await expectMessage((input) => (input.recipientDetails.jobTitle = undefined), 'Please enter title');
    await expectMessage((input) => (input.title = ''), 'Please enter title');
    await expectMessage((input) => (input.templateSlug = 'nope'), 'Please choose one of the templates on offer');
    await expectMessage((input) => (input.bodySections[0].sectionId = 'x'), 'sectionId must be a valid mongoId');
  });

  it('rich text in the body is cleaned on the way in', async () => {
    const input = await letterInput();
    input.bodySections[1]!.content = '<p>Hello<img src=x onerror="alert(1)"><script>bad()</script></p>';
    const { body } = await call(t.app, calls.create!, input, w.seeker.token);
    expect(body.data.bodySections[1].content).toBe('<p>Hello<img src="x" /></p>');
  });

  it('get-cl-url: a PDF or a Word file behind an expiring link, drawn once per change', async () => {
    const seeker = await aSeeker(t.app);
    const letter = await aLetter(seeker.token, { templateSlug: 'modern' });
    const pdf = await call(t.app, coverLetterUrl, { coverLetterId: letter._id }, seeker.token);
    expect(pdf.status, pdf.body.message).toBe(200);
    expect(pdf.body.data.file.originalName).toBe('AdaLovelacecoverletter.pdf');
    const { text } = await pdfText((await fetchFile(pdf.body.data.url)).rawPayload);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Lead Analyst role at Acme Engines');
    const docx = await call(t.app, coverLetterUrl, { coverLetterId: letter._id, isDocx: 'true' }, seeker.token);
    expect(docx.status, docx.body.message).toBe(200);
    const file = await fetchFile(docx.body.data.url);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(
      docxParagraphs(file.rawPayload)
        .map((p) => p.text)
        .join('\n'),
    ).toContain('Acme Engines');
    const again = await call(t.app, coverLetterUrl, { coverLetterId: letter._id }, seeker.token);
    expect(again.body.data.file.blobName).toBe(pdf.body.data.file.blobName);
    const details = await call(t.app, calls.details!, { _id: letter._id }, seeker.token);
    expect(details.body.data.file.blobName).toBe(pdf.body.data.file.blobName);
    expect(details.body.data.docxFile.blobName).toBe(docx.body.data.file.blobName);
    expect((await call(t.app, coverLetterUrl, { coverLetterId: letter._id, isDocx: 'maybe' }, seeker.token)).body.message).toBe(
      'isDocx must be true or false',
    );
  });

  it('a saved letter goes with an application as its PDF; another seeker’s letter cannot', async () => {
    const seeker = await aSeeker(t.app, { cv: true });
    const letter = await aLetter(seeker.token);
    const job = await aJob(t.app, w.company.token);
    const applied = await call(t.app, applyForJob, { jobId: job._id, coverLetterId: letter._id, coverLetter: 'Hello' }, seeker.token);
    expect(applied.status, applied.body.message).toBe(200);
    const applicants = await call(t.app, jobApplicants, { jobId: job._id }, w.company.token);
    const sent = applicants.body.data.results[0];
    expect(sent.coverLetter).toBe('Hello');
    expect(sent.coverLetterFile.originalName).toBe('AdaLovelacecoverletter.pdf');
    expect((await pdfText((await fetchFile(sent.coverLetterFile.url)).rawPayload)).text).toContain('Acme Engines');
    const other = await aJob(t.app, w.company.token);
    expect((await call(t.app, applyForJob, { jobId: other._id, coverLetterId: letter._id }, w.seeker.token)).status).toBe(404);
    expect((await call(t.app, applyForJob, { jobId: other._id, coverLetterId: 'x' }, seeker.token)).body.message).toBe(
      'coverLetterId must be a valid mongoId',
    );
  });

  it('another seeker’s letter is a 404; other user types are refused', async () => {
    const mine = await aLetter(w.seeker.token);
    const other = w.otherSeeker.token;
    expect((await call(t.app, calls.details!, { _id: mine._id }, other)).status).toBe(404);
    expect((await call(t.app, calls.update!, { _id: mine._id, title: 'Mine' }, other)).status).toBe(404);
    expect((await call(t.app, calls.remove!, { _id: mine._id }, other)).status).toBe(404);
    expect((await call(t.app, makeDefaultCoverLetter, { _id: mine._id }, other)).status).toBe(404);
    expect((await call(t.app, coverLetterUrl, { coverLetterId: mine._id }, other)).status).toBe(404);
    for (const token of [w.company.token, w.platformAdmin.token, w.crmUser.token]) {
      expect((await call(t.app, calls.create!, await letterInput(), token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, seekerCoverLetterSections, {}, token)).status).toBe(403);
      expect((await call(t.app, seekerCoverLetterSuggestions, {}, token)).status).toBe(403);
    }
    expect((await call(t.app, coverLetterTemplate.calls.list!, {})).status).toBe(401);
  });
});
