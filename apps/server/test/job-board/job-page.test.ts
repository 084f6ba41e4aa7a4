import { job } from '@app/contract/resources/job-board/job';
import { describe, expect, it } from 'vitest';
import { aJob, type BoardWorld, daysFromNow, withBoard } from '../support/job-board';
import { aBuiltWebApp, call, type TestApp } from '../support/test-app';

/** The built web app's page, as Vite writes it: the server fills in a job's head. */
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

const page = (slug: string) => t.app.inject({ method: 'GET', url: `/jobs/${slug}` });

const jsonLdOf = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((m) => JSON.parse(m[1] as string));
};
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`))?.[1];

describe('GET /jobs/:slug', () => {
  it('answers the app’s page with the job’s title and description and a JobPosting for search engines', async () => {
    const posted = await aJob(t.app, w.company.token, {
      title: 'Forklift Driver',
      description: 'Days, £12.50 an hour, Leeds.',
      content: '<p>Drive forklifts <strong>safely</strong>.</p>',
      jobTypes: [1, 2],
      salaries: [{ min: 24_000, max: 27_500, duration: 'YEAR' }],
      applicationEndDate: daysFromNow(30),
    });
    const response = await page(posted.slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<title>Forklift Driver at ${w.company.name}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'name', 'description')).toBe('Days, £12.50 an hour, Leeds.');
    expect(metaOf(html, 'property', 'og:title')).toBe(`Forklift Driver at ${w.company.name}`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/jobs/${posted.slug}">`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('noindex');

    const [posting, ...more] = jsonLdOf(html);
    expect(more).toEqual([]);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Forklift Driver',
      description: '<p>Drive forklifts <strong>safely</strong>.</p>',
      datePosted: posted.postedOn,
      validThrough: posted.applicationEndDate,
      employmentType: ['FULL_TIME', 'PART_TIME'],
      hiringOrganization: { '@type': 'Organization', name: w.company.name, url: `http://localhost:3000/companies/${w.company.slug}` },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Leeds', postalCode: 'LS1 4AP', addressCountry: 'GB' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 24_000, maxValue: 27_500, unitText: 'YEAR' },
      },
      identifier: { '@type': 'PropertyValue', name: w.company.name, value: posted.itemId.combined },
      url: `http://localhost:3000/jobs/${posted.slug}`,
    });
  });

  it('prefers the job’s own meta title and description; a remote job says so', async () => {
    const posted = await aJob(t.app, w.company.token, {
      title: 'Support Engineer',
      workModel: 'REMOTE',
      meta: { title: 'Remote Support Engineer (UK)', description: 'Help our customers from home.' },
    });
    const html = (await page(posted.slug)).body;
    expect(html).toContain(`<title>Remote Support Engineer (UK) at ${w.company.name}</title>`);
    expect(metaOf(html, 'name', 'description')).toBe('Help our customers from home.');
    expect(jsonLdOf(html)[0]).toMatchObject({ title: 'Support Engineer', jobLocationType: 'TELECOMMUTE' });
  });

  it('a title or text cannot break out of the head or the JSON-LD block', async () => {
    const title = 'Chef "Head" </script><script>alert(1)</script> & Co';
    const posted = await aJob(t.app, w.company.token, { title, description: '"><img src=x onerror=alert(1)>' });
    const html = (await page(posted.slug)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(jsonLdOf(html)[0].title).toBe(title);
    expect(html).toContain('<title>Chef &quot;Head&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co at');
  });

  it("a title with replacement patterns ($' $` $&) is written as it is: one root element, the JSON-LD intact", async () => {
    const title = "Dev $' $` $& </script><script>alert(1)</script>";
    const posted = await aJob(t.app, w.company.token, { title });
    const html = (await page(posted.slug)).body;
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)</script>');
    const [posting, ...more] = jsonLdOf(html);
    expect(more).toEqual([]);
    expect(posting.title).toBe(title);
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;')} at`);
  });

  it('no JobPosting, and noindex, for a job that is not open: draft, closed or archived (404), outside its window (200)', async () => {
    const draft = await aJob(t.app, w.company.token, { status: 'DRAFT', title: 'Secret Draft' });
    const closed = await aJob(t.app, w.company.token, { title: 'Closed Role' });
    await call(t.app, job.calls.setStatus!, { _id: closed._id, status: 'CLOSED' }, w.company.token);
    const archived = await aJob(t.app, w.otherCompany.token, { title: 'Archived Role' });
    await call(t.app, job.calls.setStatus!, { _id: archived._id, status: 'ARCHIVED' }, w.otherCompany.token);
    for (const [slug, name] of [
      [draft.slug, 'Secret Draft'],
      [closed.slug, 'Closed Role'],
      [archived.slug, 'Archived Role'],
      ['no-such-job', 'no-such-job'],
    ]) {
      const response = await page(slug as string);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain(name);
      expect(jsonLdOf(response.body)).toEqual([]);
    }

    const ended = await aJob(t.app, w.company.token, {
      title: 'Ended Role',
      applicationStartDate: daysFromNow(-30),
      applicationEndDate: daysFromNow(-1),
    });
    const notYet = await aJob(t.app, w.company.token, { title: 'Future Role', applicationStartDate: daysFromNow(5) });
    for (const posted of [ended, notYet]) {
      const response = await page(posted.slug);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(jsonLdOf(response.body)).toEqual([]);
    }
  });

  it('the API and other browser routes are unchanged', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/lookups' });
    expect(api.json().success).toBe(true);
    const route = await t.app.inject({ method: 'GET', url: '/jobs' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Recruit</title>');
  });
});
