import { article, articleBySlug, author, publicArticles, removeAuthor } from '@app/contract/resources/content/article';
import { describe, expect, it } from 'vitest';
import { anArticle as makeArticle, articleBody as makeArticleBody, anAuthor as makeAuthor } from '../support/content';
import { type BoardWorld, daysFromNow, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const { calls } = article;
const missingId = 'a'.repeat(24);

const anAuthor = () => makeAuthor(t.app, w.platformAdmin.token);
const articleBody = (overrides: Record<string, unknown> = {}) => makeArticleBody(t.app, w.platformAdmin.token, overrides);
const anArticle = (overrides: Record<string, unknown> = {}) => makeArticle(t.app, w.platformAdmin.token, overrides);

describe('Authors: /article/author/*', () => {
  it('create, update, find, list and delete by path id', async () => {
    const made = await anAuthor();
    const updated = await call(t.app, author.calls.update!, { _id: made._id, profile: 'Edits.' }, w.platformAdmin.token);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: made.name, profile: 'Edits.' });
    const found = await call(t.app, author.calls.details!, { _id: made._id }, w.root);
    expect(found.body.data.name).toBe(made.name);
    const list = await call(t.app, author.calls.list!, { search: made.name }, w.platformAdmin.token);
    expect(idsOf(list.body)).toEqual([made._id]);
    const removed = await call(t.app, removeAuthor, { id: made._id }, w.platformAdmin.token);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, author.calls.details!, { _id: made._id }, w.root)).status).toBe(404);
    expect((await call(t.app, removeAuthor, { id: made._id }, w.root)).status).toBe(404);
    const bad = await call(t.app, removeAuthor, { id: 'nope' }, w.root);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('_id must be a valid mongoId');
  });

  it('asks for a name; refuses non-admins', async () => {
    const missing = await call(t.app, author.calls.create!, {}, w.platformAdmin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter name');
    expect((await call(t.app, author.calls.create!, { name: 'X' }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, author.calls.list!, {}, w.crmUser.token)).status).toBe(403);
    expect((await call(t.app, removeAuthor, { id: missingId }, w.company.token)).status).toBe(403);
  });
});

describe('Articles: /article/*, /admin/articles/*', () => {
  it('a platform admin adds one with its author’s card; the slug is made from the title', async () => {
    const made = await anArticle({ title: 'Ten CV Mistakes 2026 Edition' });
    expect(made.slug).toMatch(/^ten-cv-mistakes-2026-edition/);
    expect(made).toMatchObject({ status: 'DRAFT', isFeatured: false, tags: ['interview'] });
    expect(made.author).toMatchObject({ name: expect.any(String), profile: 'Writes.' });
    expect(made._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('asks for every required field in the spec’s words', async () => {
    const cases: [string, string][] = [
      ['title', 'Please enter title.'],
      ['content', 'Please enter content.'],
      ['meta_description', 'Please enter meta description.'],
      ['meta_tags', 'Please enter meta tags.'],
      ['meta_title', 'Please enter meta title.'],
      ['shortDesc', 'Please enter short description.'],
      ['author', 'Please select an author'],
    ];
    const body = await articleBody();
    for (const [field, message] of cases) {
      const { [field]: _, ...rest } = body as Record<string, unknown>;
      const res = await call(t.app, calls.create!, rest, w.platformAdmin.token);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.data.errors).toContainEqual({ field, message });
    }
    const slug = await call(t.app, calls.create!, { ...body, slug: 'Bad Slug!' }, w.platformAdmin.token);
    expect(slug.status).toBe(400);
    expect(slug.body.message).toBe('Only a-z, 0-9 and "-" are allowed.');
    const unknownAuthor = await call(t.app, calls.create!, { ...body, author: missingId }, w.platformAdmin.token);
    expect(unknownAuthor.status).toBe(404);
  });

  it('refuses a second article with the same slug (409)', async () => {
    const made = await anArticle();
    const again = await call(t.app, calls.create!, await articleBody({ slug: made.slug }), w.platformAdmin.token);
    expect(again.status).toBe(409);
  });

  it('sanitises content: no scripts, event handlers or javascript: links', async () => {
    const made = await anArticle({
      content:
        '<p>Hi<script>alert(1)</script></p><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a><svg onload="alert(4)"></svg><iframe src="https://evil"></iframe>',
    });
    expect(made.content).not.toMatch(/script|onerror|javascript:|onload|iframe|alert/i);
    expect(made.content).toContain('<p>Hi</p>');
    expect(made.content).toContain('href="https://example.com"');
    const updated = await call(
      t.app,
      calls.update!,
      { _id: made._id, content: '<p onclick="steal()">x</p><script src="https://evil/x.js"></script>' },
      w.platformAdmin.token,
    );
    expect(updated.body.data.content).toBe('<p>x</p>');
  });

  it('updates, finds, changes status and deletes; unknown ids are 404, bad ids the spec’s message', async () => {
    const made = await anArticle();
    const up = await call(t.app, calls.update!, { _id: made._id, title: 'Renamed' }, w.platformAdmin.token);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ title: 'Renamed', slug: made.slug, status: 'DRAFT' });
    const found = await call(t.app, calls.details!, { _id: made._id }, w.root);
    expect(found.body.data.title).toBe('Renamed');
    const published = await call(t.app, calls.setStatus!, { _id: made._id, status: 'PUBLISHED' }, w.platformAdmin.token);
    expect(published.body.data.status).toBe('PUBLISHED');
    expect(published.body.data.publishDate).toBeTruthy();
    const badStatus = await call(t.app, calls.setStatus!, { _id: made._id, status: 'LIVE' }, w.platformAdmin.token);
    expect(badStatus.status).toBe(400);
    const badId = await call(t.app, calls.details!, { _id: 'nope' }, w.root);
    expect(badId.body.message).toBe('_id must be a valid mongoId');
    expect((await call(t.app, calls.details!, { _id: missingId }, w.root)).status).toBe(404);
    expect((await call(t.app, calls.update!, { _id: missingId, title: 'x' }, w.root)).status).toBe(404);
    expect((await call(t.app, calls.setStatus!, { _id: missingId, status: 'DRAFT' }, w.root)).status).toBe(404);
    const removed = await call(t.app, calls.remove!, { _id: made._id }, w.platformAdmin.token);
    expect(removed.status).toBe(200);
    expect((await call(t.app, calls.remove!, { _id: made._id }, w.platformAdmin.token)).status).toBe(404);
    expect((await call(t.app, articleBySlug, { slug: made.slug })).status).toBe(404);
  });

  it('refuses non-admins (403) on every admin call', async () => {
    const made = await anArticle();
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, calls.create!, await articleBody(), token)).status).toBe(403);
      expect((await call(t.app, calls.update!, { _id: made._id, title: 'x' }, token)).status).toBe(403);
      expect((await call(t.app, calls.details!, { _id: made._id }, token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, calls.setStatus!, { _id: made._id, status: 'PUBLISHED' }, token)).status).toBe(403);
      expect((await call(t.app, calls.remove!, { _id: made._id }, token)).status).toBe(403);
    }
    expect((await call(t.app, calls.list!, {})).status).toBe(401);
  });

  it('the public sees only published articles whose date has come, featured first; admins see all', async () => {
    const tag = unique('tag-');
    const draft = await anArticle({ tags: [tag] });
    const archived = await anArticle({ tags: [tag], status: 'ARCHIVED', publishDate: daysFromNow(-2) });
    const future = await anArticle({ tags: [tag], status: 'PUBLISHED', publishDate: daysFromNow(3) });
    const older = await anArticle({ tags: [tag], status: 'PUBLISHED', publishDate: daysFromNow(-5) });
    const newer = await anArticle({ tags: [tag], status: 'PUBLISHED', publishDate: daysFromNow(-1) });
    const featured = await anArticle({ tags: [tag], status: 'PUBLISHED', publishDate: daysFromNow(-10), isFeatured: true });
    const pub = await call(t.app, publicArticles, { filter: { tag } });
    expect(pub.status, pub.body.message).toBe(200);
    expect(idsOf(pub.body)).toEqual([featured._id, newer._id, older._id]);
    const featuredOnly = await call(t.app, publicArticles, { filter: { tag, isFeatured: true } });
    expect(idsOf(featuredOnly.body)).toEqual([featured._id]);
    const bySlug = await call(t.app, articleBySlug, { slug: newer.slug });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data._id).toBe(newer._id);
    for (const hidden of [draft, archived, future]) expect((await call(t.app, articleBySlug, { slug: hidden.slug })).status).toBe(404);
    const admin = await call(t.app, calls.list!, { search: '', limit: 'ALL', filter: {} }, w.platformAdmin.token);
    const all = idsOf(admin.body);
    for (const a of [draft, archived, future, older, newer, featured]) expect(all).toContain(a._id);
    const drafts = await call(t.app, calls.list!, { filter: { status: 'DRAFT' }, limit: 'ALL' }, w.root);
    expect(idsOf(drafts.body)).toContain(draft._id);
    expect(idsOf(drafts.body)).not.toContain(newer._id);
  });
});
