import { article, employeeCard, employeeCardWhatsApp } from '@app/contract/resources/content/article';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qrSvg } from '../../src/areas/content/card-page';
import { employeeCards } from '../../src/db/schema/content';
import { sessionCookie } from '../../src/services/sessions';
import { aCard, anArticle, anAuthor } from '../support/content';
import { type BoardWorld, daysFromNow, withBoard } from '../support/job-board';
import { postFile, readSignedUrl, samplePng } from '../support/multipart';
import { aBuiltWebApp, call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

/** A built web app beside the server, so these pages are seen to win over its index.html. */
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

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const published = (overrides: Record<string, unknown> = {}) =>
  anArticle(t.app, w.platformAdmin.token, { status: 'PUBLISHED', publishDate: daysFromNow(-1), ...overrides });

/** The articles a list page links to, in order. */
const listedSlugs = (html: string) => [...html.matchAll(/<h2><a href="\/articles\/([^"]+)">/g)].map((m) => m[1]);
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`))?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));

/** A vCard's properties, its folded lines joined again (RFC 2425: CRLF then a space continues a line). */
const vCardLines = (text: string) => text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);

describe('the server-drawn pages share the app’s header', () => {
  it('its links and sign in and register, or, signed in, the visitor’s own area (a page then theirs alone)', async () => {
    const signedOut = await get('/articles');
    for (const link of [
      'href="/jobs">Find jobs',
      'href="/articles">Articles',
      'href="/contact">Contact us',
      'href="/login">Sign in',
      'href="/register">Register',
    ])
      expect(signedOut.body).toContain(link);
    expect(signedOut.body).not.toContain('My area');

    const signedIn = await get('/articles', { cookie: `${sessionCookie}=${w.platformAdmin.token}` });
    expect(signedIn.body).toContain('href="/admin">My area');
    expect(signedIn.body).not.toContain('Sign in');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('GET /articles', () => {
  it('lists only published articles whose date has come, featured first then newest, with a proper head', async () => {
    const tag = unique('tag-');
    const draft = await anArticle(t.app, w.platformAdmin.token, { tags: [tag] });
    const archived = await anArticle(t.app, w.platformAdmin.token, { tags: [tag], status: 'ARCHIVED', publishDate: daysFromNow(-2) });
    const future = await published({ tags: [tag], publishDate: daysFromNow(3) });
    const older = await published({ tags: [tag], publishDate: daysFromNow(-5) });
    const newer = await published({ tags: [tag, 'hiring'], publishDate: daysFromNow(-1), shortDesc: 'What employers look for' });
    const featured = await published({ tags: [tag], publishDate: daysFromNow(-10), isFeatured: true });

    const response = await get(`/articles?tag=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).not.toContain('<div id="root">');
    expect(listedSlugs(html)).toEqual([featured.slug, newer.slug, older.slug]);
    for (const hidden of [draft, archived, future]) expect(html).not.toContain(hidden.slug);
    expect(html).toContain(`<title>Articles tagged “${tag}” | Recruitment Platform</title>`);
    expect(metaOf(html, 'name', 'description')).toContain(tag);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/articles?tag=${tag}">`);
    expect(html).not.toContain('noindex');
    // Each entry: title, short description, author, date, tags (as filter links).
    expect(html).toContain(`<h2><a href="/articles/${newer.slug}">${newer.title}</a></h2>`);
    expect(html).toContain('What employers look for');
    expect(html).toContain(`By ${newer.author.fullName}`);
    expect(html).toContain(`<time datetime="${newer.publishDate}">`);
    expect(html).toContain('<a class="tag" href="/articles?tag=hiring">hiring</a>');
    expect(html).toContain('Featured');

    const all = await get('/articles');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<title>Articles | Recruitment Platform</title>');
    expect(all.body).toContain('<link rel="canonical" href="http://localhost:3000/articles">');
  });

  it('searches (words in any order, case ignored) within a tag, and says when nothing matches', async () => {
    const tag = unique('tag-');
    const word = unique('zebra');
    const match = await published({ tags: [tag], title: `Salary ${word} negotiation` });
    await published({ tags: [tag], title: 'Something else entirely' });
    const elsewhere = await published({ tags: [unique('other-')], title: `Other ${word}` });

    const found = (await get(`/articles?tag=${tag}&search=${encodeURIComponent(`NEGOTIATION ${word}`)}`)).body;
    expect(listedSlugs(found)).toEqual([match.slug]);
    expect(found).toContain(`value="NEGOTIATION ${word}"`);
    expect(found).toContain(`<input type="hidden" name="tag" value="${tag}">`);
    expect(found).toContain('<meta name="robots" content="noindex">');
    expect(listedSlugs((await get(`/articles?search=${word}`)).body).sort()).toEqual([match.slug, elsewhere.slug].sort());

    const none = await get(`/articles?search=${unique('nothing')}`);
    expect(none.statusCode).toBe(200);
    expect(listedSlugs(none.body)).toEqual([]);
    expect(none.body).toContain('No articles match');
  });

  it('pages by 10 with previous and next links that keep the filter', async () => {
    const tag = unique('tag-');
    const made = [];
    for (let day = 1; day <= 12; day++) made.push(await published({ tags: [tag], publishDate: daysFromNow(-day) }));
    const newestFirst = made.map((a) => a.slug);

    const first = (await get(`/articles?tag=${tag}`)).body;
    expect(listedSlugs(first)).toEqual(newestFirst.slice(0, 10));
    expect(first).toContain(`href="/articles?tag=${tag}&amp;page=2" rel="next"`);
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('1–10 of 12 articles');

    const second = (await get(`/articles?tag=${tag}&page=2`)).body;
    expect(listedSlugs(second)).toEqual(newestFirst.slice(10));
    expect(second).toContain(`href="/articles?tag=${tag}" rel="prev"`);
    expect(second).not.toContain('rel="next"');
    expect(second).toContain(`<link rel="canonical" href="http://localhost:3000/articles?tag=${tag}&amp;page=2">`);
    expect(second).toContain(`<title>Articles tagged “${tag}” – page 2 | Recruitment Platform</title>`);

    const beyond = await get(`/articles?tag=${tag}&page=9`);
    expect(beyond.statusCode).toBe(200);
    expect(listedSlugs(beyond.body)).toEqual([]);
    expect(beyond.body).toContain('noindex');
    expect(listedSlugs((await get(`/articles?tag=${tag}&page=nonsense`)).body)).toEqual(newestFirst.slice(0, 10));
  });
});

describe('GET /articles/:slug', () => {
  it('shows the article with its meta title, description and keywords, Open Graph, canonical link and Article JSON-LD', async () => {
    const author = await anAuthor(t.app, w.platformAdmin.token, unique('Jane '));
    const made = await published({
      title: 'How to Write a Cover Letter',
      meta_title: 'Cover letter guide 2026',
      meta_description: 'Write a cover letter that gets read.',
      meta_tags: 'cover letter, job application',
      content: '<h2>Start strong</h2><p>Open with <em>why</em> you want the job.</p>',
      tags: ['applications', 'letters'],
      author: author._id,
    });
    const response = await get(`/articles/${made.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<title>Cover letter guide 2026</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'name', 'description')).toBe('Write a cover letter that gets read.');
    expect(metaOf(html, 'name', 'keywords')).toBe('cover letter, job application');
    expect(metaOf(html, 'property', 'og:type')).toBe('article');
    expect(metaOf(html, 'property', 'og:title')).toBe('Cover letter guide 2026');
    expect(metaOf(html, 'property', 'og:description')).toBe('Write a cover letter that gets read.');
    expect(metaOf(html, 'property', 'og:url')).toBe(`http://localhost:3000/articles/${made.slug}`);
    expect(metaOf(html, 'property', 'article:published_time')).toBe(made.publishDate);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/articles/${made.slug}">`);
    expect(html).not.toContain('noindex');
    // The body: the stored HTML as it is, the title, author card, date and tags.
    expect(html).toContain('<h2>Start strong</h2><p>Open with <em>why</em> you want the job.</p>');
    expect(html).toContain('<h1>How to Write a Cover Letter</h1>');
    expect(html).toContain(`<h2>${author.fullName}</h2>`);
    expect(html).toContain('Writes.');
    expect(html).toContain(`<time datetime="${made.publishDate}">`);
    expect(html).toContain('<a class="tag" href="/articles?tag=letters">letters</a>');

    const [ld, ...more] = jsonLdOf(html);
    expect(more).toEqual([]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to Write a Cover Letter',
      description: 'Write a cover letter that gets read.',
      keywords: 'cover letter, job application',
      datePublished: made.publishDate,
      author: { '@type': 'Person', name: author.fullName },
      publisher: { '@type': 'Organization', name: 'Recruitment Platform' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `http://localhost:3000/articles/${made.slug}` },
    });
  });

  it('escapes a title, meta fields, tags and author that carry markup, in the page, the head and the JSON-LD', async () => {
    const title = 'Tips </script><script>alert(1)</script> & "quotes"';
    const author = await anAuthor(t.app, w.platformAdmin.token, '<img src=x onerror=alert(2)>');
    const made = await published({
      title,
      meta_title: '<script>alert(3)</script>',
      meta_description: '"><script>alert(4)</script>',
      meta_tags: '<b>x</b>',
      shortDesc: '<script>alert(5)</script>',
      tags: ['<script>alert(6)</script>'],
      author: author._id,
    });
    for (const url of [`/articles/${made.slug}`, `/articles?search=${encodeURIComponent('quotes')}`]) {
      const html = (await get(url)).body;
      expect(html, url).not.toMatch(/<script>alert|<img src=x|<b>x<\/b>/);
      expect(html, url).toContain('Tips &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    }
    const html = (await get(`/articles/${made.slug}`)).body;
    expect(html).toContain('<title>&lt;script&gt;alert(3)&lt;/script&gt;</title>');
    expect(jsonLdOf(html)[0].headline).toBe(title);
  });

  it('a draft, archived, future, deleted or unknown article is a friendly 404 page kept out of search', async () => {
    const draft = await anArticle(t.app, w.platformAdmin.token, { title: 'Secret Draft' });
    const archived = await anArticle(t.app, w.platformAdmin.token, { title: 'Old News', status: 'ARCHIVED', publishDate: daysFromNow(-3) });
    const future = await published({ title: 'Coming Soon', publishDate: daysFromNow(2) });
    const deleted = await published({ title: 'Gone Away' });
    await call(t.app, article.calls.remove!, { _id: deleted._id }, w.platformAdmin.token);
    for (const [slug, hidden] of [
      [draft.slug, 'Secret Draft'],
      [archived.slug, 'Old News'],
      [future.slug, 'Coming Soon'],
      [deleted.slug, 'Gone Away'],
      ['no-such-article', 'no-such-article'],
      ['Not%20A%20Slug', 'Not A Slug'],
    ]) {
      const response = await get(`/articles/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('Article not found');
      expect(response.body).toContain('href="/articles"');
      expect(response.body).not.toContain(hidden);
    }
  });

  it('an image the admin uploaded shows above the article and beside it in the list; a file of someone else is refused', async () => {
    const upload = await postFile(t.app, '/api/file/upload', { content: samplePng, filename: 'hero.png', token: w.platformAdmin.token });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url: _, ...img } = upload.json().data;
    const withImage = await published({ title: `Pictured ${unique()}`, img });
    const page = (await get(`/articles/${withImage.slug}`)).body;
    const hero = page.match(/<img class="hero" src="([^"]+)" alt="">/)?.[1];
    expect(hero).toMatch(/^http:\/\/localhost:3000\/api\/file\/read\?/);
    expect((await readSignedUrl(t.app, (hero as string).replace(/&amp;/g, '&'))).statusCode).toBe(200);
    const list = (await get(`/articles?search=${encodeURIComponent(withImage.title)}`)).body;
    expect(list).toMatch(
      /<a class="thumb" href="\/articles\/[^"]+" tabindex="-1" aria-hidden="true"><img src="http:\/\/localhost:3000\/api\/file\/read\?/,
    );

    const seekersFile = await postFile(t.app, '/api/file/upload', { content: samplePng, filename: 'mine.png', token: w.seeker.token });
    const { url: __, ...foreign } = seekersFile.json().data;
    const refused = await call(t.app, article.calls.update, { _id: withImage._id, img: foreign }, w.platformAdmin.token);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ errors: [{ field: 'img', message: 'Please upload the file again' }] });

    const removed = await call(t.app, article.calls.update, { _id: withImage._id, img: null }, w.platformAdmin.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await get(`/articles/${withImage.slug}`)).body).not.toContain('class="hero"');
  });

  it('answers an unchanged page with 304 to a browser that has it', async () => {
    const made = await published();
    const first = await get(`/articles/${made.slug}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/articles/${made.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await call(t.app, article.calls.update!, { _id: made._id, title: 'Changed title' }, w.platformAdmin.token);
    expect((await get(`/articles/${made.slug}`, { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('GET /card/:slug', () => {
  it('shows the card: name, designation, company, phone, email, links, Add to contacts and a QR code of its address', async () => {
    const card = await aCard(t.app, w.platformAdmin.token, {
      name: 'Priya Shah',
      designation: 'Senior Recruiter',
      phone: '+44 7700 900123',
      mobile: '07700 900456',
      email: 'priya@example.com',
      website: 'brightpath.example.com',
      linkedInLink: 'https://www.linkedin.com/in/priya-shah',
      address: { street: '1 Park Row', city: 'Leeds', postCode: 'LS1 5AB' },
    });
    const response = await get(`/card/${card.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).not.toContain('<div id="root">');
    expect(html).toContain('<title>Priya Shah – Senior Recruiter | Recruitment Platform</title>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/card/${card.slug}">`);
    expect(html).toContain('<h1 id="card-name">Priya Shah</h1>');
    expect(html).toContain('<p class="role">Senior Recruiter</p>');
    expect(html).toContain('<p class="company">Recruitment Platform</p>');
    expect(html).toContain('href="tel:+447700900123"');
    expect(html).toContain('href="tel:07700900456"');
    expect(html).toContain('href="mailto:priya@example.com"');
    expect(html).toContain('href="https://brightpath.example.com/"');
    expect(html).toContain('href="https://www.linkedin.com/in/priya-shah"');
    expect(html).toContain('1 Park Row, Leeds, LS1 5AB');
    expect(html).toContain(`href="/card/${card.slug}.vcf" download>`);
    expect(html).not.toContain('wa.me');
    // The QR code is inline SVG of the page's absolute address.
    const qr = await qrSvg(`http://localhost:3000/card/${card.slug}`);
    expect(qr).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(html).toContain(qr);
    expect(jsonLdOf(html)[0]).toMatchObject({
      '@type': 'Person',
      name: 'Priya Shah',
      jobTitle: 'Senior Recruiter',
      telephone: '+44 7700 900123',
    });
  });

  it('shows a WhatsApp link only while isWhatsapp is on', async () => {
    const card = await aCard(t.app, w.platformAdmin.token, { phone: '+44 7700 900777' });
    expect((await get(`/card/${card.slug}`)).body).not.toContain('wa.me');
    await call(t.app, employeeCardWhatsApp, { _id: card._id, isWhatsapp: true }, w.platformAdmin.token);
    const html = (await get(`/card/${card.slug}`)).body;
    expect(html).toContain('href="https://wa.me/447700900777"');
    const national = await aCard(t.app, w.platformAdmin.token, { phone: '07700 900888 ', isWhatsapp: true });
    expect((await get(`/card/${national.slug}`)).body).toContain('href="https://wa.me/447700900888"');
  });

  it('escapes what the card says and drops links that are not http(s)', async () => {
    const card = await aCard(t.app, w.platformAdmin.token, {
      name: '<script>alert(1)</script>',
      designation: '"><img src=x onerror=alert(2)>',
    });
    // The card's form refuses such a link; the page must not trust what is stored either.
    const refused = await call(t.app, employeeCard.calls.update!, { _id: card._id, website: 'javascript:alert(3)' }, w.platformAdmin.token);
    expect(refused.status).toBe(400);
    await t.app.database.db.update(employeeCards).set({ website: 'javascript:alert(3)' }).where(eq(employeeCards.id, card._id));
    const html = (await get(`/card/${card.slug}`)).body;
    expect(html).not.toMatch(/<script>alert|<img src=x|javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a photo shows through a signed link that works', async () => {
    const upload = await postFile(t.app, '/api/file/upload', { content: samplePng, filename: 'priya.png', token: w.platformAdmin.token });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url: _, ...profileImg } = upload.json().data;
    const card = await aCard(t.app, w.platformAdmin.token, { name: 'Photo Person', profileImg });
    const html = (await get(`/card/${card.slug}`)).body;
    const src = html.match(/<img src="([^"]+)" alt="Photo of Photo Person">/)?.[1];
    expect(src).toMatch(/^http:\/\/localhost:3000\/api\/file\/read\?/);
    expect((await readSignedUrl(t.app, (src as string).replace(/&amp;/g, '&'))).statusCode).toBe(200);
    const lines = vCardLines((await get(`/card/${card.slug}.vcf`)).body);
    expect(lines.find((l) => l.startsWith('PHOTO;ENCODING=b;TYPE=PNG:'))).toBe(`PHOTO;ENCODING=b;TYPE=PNG:${samplePng.toString('base64')}`);
  });

  it('an inactive, deleted or unknown card is a friendly 404 page, for the vCard too', async () => {
    const inactive = await aCard(t.app, w.platformAdmin.token, { name: 'Inactive Ian', status: 'INACTIVE' });
    const deleted = await aCard(t.app, w.platformAdmin.token, { name: 'Deleted Dee' });
    // No call deletes a card; the flag is what a soft delete would set.
    await t.app.database.db.update(employeeCards).set({ isDeleted: true }).where(eq(employeeCards.id, deleted._id));
    const active = await aCard(t.app, w.platformAdmin.token, { name: 'Later Off' });
    await call(t.app, employeeCard.calls.setStatus!, { _id: active._id, status: 'INACTIVE' }, w.platformAdmin.token);
    for (const [slug, name] of [
      [inactive.slug, 'Inactive Ian'],
      [deleted.slug, 'Deleted Dee'],
      [active.slug, 'Later Off'],
      ['no-such-card', 'no-such-card'],
    ]) {
      for (const url of [`/card/${slug}`, `/card/${slug}.vcf`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('<meta name="robots" content="noindex">');
        expect(response.body).toContain('Card not found');
        expect(response.body).not.toContain(name);
      }
    }
  });
});

describe('GET /card/:slug.vcf', () => {
  it('downloads a vCard 3.0 with CRLF lines and the card’s name, title, phones, email and links', async () => {
    const card = await aCard(t.app, w.platformAdmin.token, {
      name: 'Priya Shah',
      designation: 'Senior Recruiter',
      phone: '+44 7700 900123',
      mobile: '07700 900456',
      email: 'priya@example.com',
      website: 'https://brightpath.example.com',
      linkedInLink: 'linkedin.com/in/priya-shah',
      address: { building: 'Unit 4', street: 'Park Row', city: 'Leeds', postCode: 'LS1 5AB', country: 'United Kingdom' },
    });
    const response = await get(`/card/${card.slug}.vcf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Priya Shah.vcf"');
    const text = response.body;
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = vCardLines(text);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Shah;Priya;;;',
        'FN:Priya Shah',
        'ORG:Recruitment Platform',
        'TITLE:Senior Recruiter',
        'TEL;TYPE=WORK,VOICE:+44 7700 900123',
        'TEL;TYPE=CELL,VOICE:07700 900456',
        'EMAIL;TYPE=INTERNET,WORK:priya@example.com',
        'URL:https://brightpath.example.com/',
        'X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/priya-shah',
        'ADR;TYPE=WORK:;;Unit 4 Park Row;Leeds;;LS1 5AB;United Kingdom',
        `NOTE:Business card: http://localhost:3000/card/${card.slug}`,
        'END:VCARD',
      ]),
    );
  });

  it('escapes commas, semicolons, backslashes and line breaks in text; a name that is not ASCII keeps a plain stand-in', async () => {
    const card = await aCard(t.app, w.platformAdmin.token, {
      name: 'Zoë O’Brien; Jr',
      designation: 'Head of Sales, North; and\\ South',
      address: { street: '1 Main St, Flat 2', city: 'York' },
    });
    const response = await get(`/card/${card.slug}.vcf`);
    const lines = vCardLines(response.body);
    expect(lines).toContain('FN:Zoë O’Brien\\; Jr');
    expect(lines).toContain('N:Jr;Zoë O’Brien\\;;;;');
    expect(lines).toContain('TITLE:Head of Sales\\, North\\; and\\\\ South');
    expect(lines).toContain('ADR;TYPE=WORK:;;1 Main St\\, Flat 2;York;;;');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Zo OBrien; Jr.vcf"; filename*=UTF-8''${encodeURIComponent('Zoë O’Brien; Jr.vcf')}`,
    );
  });

  it('a long field is folded at 75 octets without splitting a character', async () => {
    const designation = `Recruiter ${'für Gesundheit und Pflege, '.repeat(6)}`.trim();
    const card = await aCard(t.app, w.platformAdmin.token, { designation });
    const text = (await get(`/card/${card.slug}.vcf`)).body;
    const physical = text.split('\r\n');
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(vCardLines(text)).toContain(`TITLE:${designation.replace(/,/g, '\\,')}`);
  });
});
