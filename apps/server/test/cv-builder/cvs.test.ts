import { applyForJob, jobApplicants } from '@app/contract/resources/job-board/application';
import { cv, cvDetails, cvTemplateList, defaultCv, setDefaultCv } from '@app/contract/resources/job-board/cv';
import { jobSeekerCvUrl } from '@app/contract/resources/job-board/job-seeker';
import { sampleCvInput } from '@app/documents/samples';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../documents/extract';
import { logsOf } from '../support/entity-log';
import { aJob, aSeeker, type BoardWorld, cvInput, idsOf, withBoard } from '../support/job-board';
import { postFile, samplePng } from '../support/multipart';
import { call, type TestApp } from '../support/test-app';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const { calls } = cv;
const missingId = 'a'.repeat(24);

const aCv = async (token: string, overrides: Record<string, unknown> = {}) => {
  const { status, body } = await call(t.app, calls.create!, cvInput(overrides), token);
  expect(status, `${body.message} ${JSON.stringify(body.data)}`).toBe(200);
  return body.data as Record<string, any> & { _id: string };
};

const fetchFile = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
  return response;
};

describe('CVs: /job-seeker/cv/*', () => {
  it('create: the first CV is the default; everything the builder sends is kept', async () => {
    const seeker = await aSeeker(t.app);
    const first = await aCv(seeker.token, { hobbies: ['Chess'], references: [{ name: 'Sam Boss', company: 'Acme' }] });
    expect(first).toMatchObject({
      cvTitle: 'Warehouse CV',
      designation: 'Warehouse Supervisor',
      isDefault: true,
      status: 'ACTIVE',
      type: 'BUILT',
      templateSlug: 'classic',
      accentColor: '#1f4e79',
      hobbies: ['Chess'],
      jobSeekerId: seeker.id,
      userId: seeker.userId,
    });
    expect(first.name.fullName).toBe('Ada Lovelace');
    expect(first.references[0]).toMatchObject({ name: 'Sam Boss', company: 'Acme' });
    const second = await aCv(seeker.token, { cvTitle: 'Second' });
    expect(second.isDefault).toBe(false);
    const full = await aCv(seeker.token, { ...sampleCvInput, cvTitle: 'Everything' });
    expect(full.workHistory.length).toBeGreaterThan(0);
    expect(full.publications.length).toBeGreaterThan(0);
  });

  it('create: the spec’s messages (email, designation, professional summary, phone a number)', async () => {
    const expectMessage = async (input: Record<string, unknown>, message: string) => {
      const { status, body } = await call(t.app, calls.create!, input, w.seeker.token);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    };
    await expectMessage(cvInput({ email: undefined }), 'Please enter email');
    await expectMessage(cvInput({ designation: '' }), 'Please enter designation');
    await expectMessage(cvInput({ professionalSummary: ' ' }), 'Please enter professional summary');
    await expectMessage(cvInput({ phone: 'call me' }), 'phone must be a number');
    await expectMessage(cvInput({ templateSlug: 'fancy' }), 'Template must be one of classic, modern, compact, timeline');
    await expectMessage(cvInput({ accentColor: 'red' }), 'Accent colour must look like #1f4e79');
    await expectMessage(cvInput({ isDefault: true }), 'Unknown field: isDefault');
  });

  it('rich text is cleaned on the way in', async () => {
    const made = await aCv(w.seeker.token, { professionalSummary: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(made.professionalSummary).toBe('<p>Hi</p>');
  });

  it('details, update (only the fields sent), list (default first, search) and delete', async () => {
    const seeker = await aSeeker(t.app);
    const first = await aCv(seeker.token, { cvTitle: 'Alpha' });
    const second = await aCv(seeker.token, { cvTitle: 'Beta' });
    const details = await call(t.app, cvDetails, { cvId: second._id }, seeker.token);
    expect(details.status).toBe(200);
    expect(details.body.data.cvTitle).toBe('Beta');
    const updated = await call(t.app, calls.update!, { _id: second._id, templateSlug: 'modern', accentColor: '#AA3300' }, seeker.token);
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data).toMatchObject({
      templateSlug: 'modern',
      accentColor: '#aa3300',
      cvTitle: 'Beta',
      designation: 'Warehouse Supervisor',
    });
    const list = await call(t.app, calls.list!, {}, seeker.token);
    expect(idsOf(list.body)).toEqual([first._id, second._id]);
    const searched = await call(t.app, calls.list!, { search: 'beta' }, seeker.token);
    expect(idsOf(searched.body)).toEqual([second._id]);
    // Deleting the default passes it to the CV left.
    const removed = await call(t.app, calls.remove!, { _id: first._id }, seeker.token);
    expect(removed.status).toBe(200);
    expect((await call(t.app, cvDetails, { cvId: first._id }, seeker.token)).status).toBe(404);
    expect((await call(t.app, defaultCv, {}, seeker.token)).body.data._id).toBe(second._id);
  });

  it('set-default-cv moves the default; get-default-cv answers it, or null', async () => {
    const seeker = await aSeeker(t.app);
    expect((await call(t.app, defaultCv, {}, seeker.token)).body.data).toBeNull();
    const first = await aCv(seeker.token);
    const second = await aCv(seeker.token);
    const set = await call(t.app, setDefaultCv, { cvId: second._id, status: true }, seeker.token);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('This is now your default CV');
    expect((await call(t.app, defaultCv, {}, seeker.token)).body.data._id).toBe(second._id);
    expect((await call(t.app, cvDetails, { cvId: first._id }, seeker.token)).body.data.isDefault).toBe(false);
    // Each move of the flag is in the entity log: who, and from which value to which.
    const flagOf = async (id: string) =>
      (await logsOf(t.app, id)).filter((r) => r.entityType === 'CV' && r.action === 'UPDATE' && 'isDefault' in ((r.to as object) ?? {}));
    const [firstLost] = await flagOf(first._id);
    expect(firstLost).toMatchObject({ user: { _id: seeker.userId }, from: { isDefault: true }, to: { isDefault: false } });
    const [secondGot] = await flagOf(second._id);
    expect(secondGot).toMatchObject({ user: { _id: seeker.userId }, from: { isDefault: false }, to: { isDefault: true } });
    await call(t.app, setDefaultCv, { cvId: second._id, status: false }, seeker.token);
    expect((await call(t.app, defaultCv, {}, seeker.token)).body.data).toBeNull();
    expect((await flagOf(second._id)).at(-1)).toMatchObject({ from: { isDefault: true }, to: { isDefault: false } });
    expect((await call(t.app, setDefaultCv, { cvId: 'nope' }, seeker.token)).body.message).toBe('cvId must be a valid mongoId');
  });

  it('templates: every signed-in user may list the built-in layouts', async () => {
    const { status, body } = await call(t.app, cvTemplateList, {}, w.company.token);
    expect(status).toBe(200);
    expect(body.data.map((template: { slug: string }) => template.slug)).toEqual(['classic', 'modern', 'compact', 'timeline']);
    expect((await call(t.app, cvTemplateList, {})).status).toBe(401);
  });

  it('another seeker’s CV is a 404; other user types are refused', async () => {
    const mine = await aCv(w.seeker.token);
    expect((await call(t.app, cvDetails, { cvId: mine._id }, w.otherSeeker.token)).status).toBe(404);
    expect((await call(t.app, calls.update!, { _id: mine._id, cvTitle: 'Mine now' }, w.otherSeeker.token)).status).toBe(404);
    expect((await call(t.app, calls.remove!, { _id: mine._id }, w.otherSeeker.token)).status).toBe(404);
    expect((await call(t.app, setDefaultCv, { cvId: mine._id }, w.otherSeeker.token)).status).toBe(404);
    expect((await call(t.app, jobSeekerCvUrl, { cvId: mine._id }, w.otherSeeker.token)).status).toBe(404);
    expect(idsOf((await call(t.app, calls.list!, { limit: 'ALL' }, w.otherSeeker.token)).body)).not.toContain(mine._id);
    expect((await call(t.app, cvDetails, { cvId: missingId }, w.seeker.token)).status).toBe(404);
    for (const token of [w.company.token, w.platformAdmin.token, w.crmUser.token]) {
      expect((await call(t.app, calls.create!, cvInput(), token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, defaultCv, {}, token)).status).toBe(403);
    }
  });

  it('getCvUrl?cvId= draws the PDF once per change, behind an expiring link, with the seeker’s name in its text', async () => {
    const seeker = await aSeeker(t.app);
    const made = await aCv(seeker.token, { name: { first: 'Grace', last: 'Hopper' }, email: 'grace@example.com' });
    const first = await call(t.app, jobSeekerCvUrl, { cvId: made._id }, seeker.token);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.url).toContain('signature=');
    expect(first.body.data.file.originalName).toBe('GraceHopperCV.pdf');
    const download = await fetchFile(first.body.data.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(download.rawPayload);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('grace@example.com');
    // Same content, same file; a change draws a new one.
    const again = await call(t.app, jobSeekerCvUrl, { cvId: made._id }, seeker.token);
    expect(again.body.data.file.blobName).toBe(first.body.data.file.blobName);
    await call(t.app, calls.update!, { _id: made._id, designation: 'Rear Admiral' }, seeker.token);
    const changed = await call(t.app, jobSeekerCvUrl, { cvId: made._id }, seeker.token);
    expect(changed.body.data.file.blobName).not.toBe(first.body.data.file.blobName);
    expect((await pdfText((await fetchFile(changed.body.data.url)).rawPayload)).text).toContain('Rear Admiral');
    expect((await call(t.app, cvDetails, { cvId: made._id }, seeker.token)).body.data.file.blobName).toBe(changed.body.data.file.blobName);
    // A tampered link reads nothing.
    expect((await fetchFile(changed.body.data.url.replace(/signature=[^&]+/, 'signature=bad'))).statusCode).toBe(404);
  });

  it('a photo whose image data is broken (its header passed the upload check) leaves the CV drawn without it, not a 500', async () => {
    const seeker = await aSeeker(t.app);
    const upload = await postFile(t.app, '/api/file/upload', { content: samplePng, filename: 'me.png', token: seeker.token });
    expect(upload.statusCode).toBe(200);
    const photo = JSON.parse(upload.payload).data;
    const made = await aCv(seeker.token, { name: { first: 'Broken', last: 'Photo' }, profileImg: photo });
    const drawn = await call(t.app, jobSeekerCvUrl, { cvId: made._id }, seeker.token);
    expect(drawn.status, drawn.body.message).toBe(200);
    expect((await pdfText((await fetchFile(drawn.body.data.url)).rawPayload)).text).toContain('Broken Photo');
  });

  it('applying uses the default built CV (or the one chosen), sent as the PDF of that moment', async () => {
    const seeker = await aSeeker(t.app);
    const noCv = await aJob(t.app, w.company.token);
    const refused = await call(t.app, applyForJob, { jobId: noCv._id }, seeker.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please upload or build your CV before you apply');
    const built = await aCv(seeker.token, { name: { first: 'Katherine', last: 'Johnson' } });
    const job = await aJob(t.app, w.company.token);
    const applied = await call(t.app, applyForJob, { jobId: job._id }, seeker.token);
    expect(applied.status, applied.body.message).toBe(200);
    const applicants = await call(t.app, jobApplicants, { jobId: job._id }, w.company.token);
    const cvSent = applicants.body.data.results[0].cv;
    expect(cvSent).toMatchObject({ type: 'BUILT', cvId: built._id });
    expect((await pdfText((await fetchFile(cvSent.file.url)).rawPayload)).text).toContain('Katherine Johnson');
    const other = await aCv(seeker.token, { cvTitle: 'Other' });
    const second = await aJob(t.app, w.company.token);
    expect((await call(t.app, applyForJob, { jobId: second._id, cvId: other._id }, seeker.token)).status).toBe(200);
    const secondApplicants = await call(t.app, jobApplicants, { jobId: second._id }, w.company.token);
    expect(secondApplicants.body.data.results[0].cv.cvId).toBe(other._id);
    // Someone else's CV cannot be sent.
    const third = await aJob(t.app, w.company.token);
    expect((await call(t.app, applyForJob, { jobId: third._id, cvId: other._id }, w.otherSeeker.token)).status).toBe(404);
  });
});
