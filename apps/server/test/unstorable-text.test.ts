import { article, contactQuery } from '@app/contract/resources/content/article';
import { companyBySlug, updateCompanyAbout } from '@app/contract/resources/job-board/company';
import { jobBySlug, searchJobs } from '@app/contract/resources/job-board/job';
import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { describe, expect, it } from 'vitest';
import { contactQueries } from '../src/db/schema/content';
import { invalidCharactersMessage, nulMessage } from '../src/engine/storable-text';
import { type BoardWorld, uploadCv, withBoard } from './support/job-board';
import { postFile, samplePdf } from './support/multipart';
import { aBuiltWebApp, call, type TestApp } from './support/test-app';
import { password, unique } from './support/world';

/** The attacks that answered 500 (or stored broken text): the same requests now answer a 4xx. */

const webDist = aBuiltWebApp();

let t: TestApp;
let w: BoardWorld;
withBoard(
  (app, world) => {
    t = app;
    w = world;
  },
  { webDist },
);

const expectRefused = (answer: { status: number; body: any }, field: string, message: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ code: 400, success: false, message });
  expect(answer.body.data.errors).toContainEqual({ field, message });
};

describe('text the database cannot store is a 400 naming the field', () => {
  it('a job search with U+0000', async () => {
    expectRefused(await call(t.app, searchJobs, { search: 'nurse\u0000' }), 'search', nulMessage);
    expectRefused(await call(t.app, searchJobs, { location: { place: 'Leeds\u0000' } }), 'location.place', nulMessage);
  });

  it('a slug with U+0000: the API is a 400, the job, article and card pages and file links a 404', async () => {
    expectRefused(await call(t.app, jobBySlug, { slug: 'some-job\u0000' }), 'slug', nulMessage);
    expectRefused(await call(t.app, companyBySlug, { slug: '\u0000' }), 'slug', nulMessage);
    for (const url of [
      '/jobs/some-job%00',
      '/articles/a%00b',
      '/card/a%00b',
      '/card/a%00b.vcf',
      '/api/file/read?name=a%00&expires=9999999999&signature=x',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The web app's files and browser routes: never a 5xx either.
    for (const url of ['/assets/a%00.js', '/crm%00/staff', '/%ED%A0%80']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
    }
  });

  it('the public article search with U+0000 is a 400 page', async () => {
    for (const url of ['/articles?search=a%00b', '/articles?tag=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This search cannot be read');
    }
  });

  it('the contact form with a lone surrogate stores nothing', async () => {
    const email = `${unique('visitor')}@example.com`;
    const sent = { contactName: 'Visitor', email, phone: '+447700900123', message: 'Hello \uD83D there' };
    expectRefused(await call(t.app, contactQuery.calls.create!, sent), 'message', invalidCharactersMessage);
    const stored = await t.app.database.db.select().from(contactQueries);
    expect(stored.filter((row) => row.email === email)).toEqual([]);
  });

  it('nested fields, array items and keys are named by their path', async () => {
    const answer = await call(t.app, registerJobSeeker, {
      name: { first: 'Jo\u0000', last: 'Bloggs' },
      email: `${unique('jo')}@example.com`,
      phone: '+447700900123',
      password,
    });
    expectRefused(answer, 'name.first', nulMessage);
    const tags = await call(t.app, article.calls.create!, { title: 'Tips', tags: ['fine', '\uDC00'] }, w.platformAdmin.token);
    expectRefused(tags, 'tags.1', invalidCharactersMessage);
    const key = await call(t.app, updateCompanyAbout, { 'about\u0000': 'x' }, w.company.token);
    expectRefused(key, 'about\u0000', nulMessage);
  });

  it('a query string with U+0000 (GET)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/job-seeker/cv/get-cv-details?cvId=%00',
      headers: { authorization: `Bearer ${w.seeker.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: 'cvId', message: nulMessage }]);
  });

  it('a file name with U+0000 is refused, and nothing is stored', async () => {
    const upload = await postFile(t.app, '/api/file/upload', { content: samplePdf, filename: 'cv\u0000.pdf', token: w.seeker.token });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().data.errors).toEqual([{ field: 'file', message: nulMessage }]);
    const cv = await uploadCv(t.app, w.otherSeeker.token, samplePdf, 'my\u0000cv.pdf');
    expect(cv.statusCode).toBe(400);
  });
});

describe('a malformed multipart body is a 400', () => {
  const send = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${w.seeker.token}` },
    });

  it('cut short, or without a boundary', async () => {
    const truncated = await send(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
      'multipart/form-data; boundary=b',
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('The upload is not a valid multipart/form-data body');
    const noBoundary = await send('--b\r\n', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    const cv = await t.app.inject({
      method: 'POST',
      url: '/api/job-seeker/updateCv',
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
      headers: { 'content-type': 'multipart/form-data; boundary=b', authorization: `Bearer ${w.seeker.token}` },
    });
    expect(cv.statusCode).toBe(400);
  });
});
