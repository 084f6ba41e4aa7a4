import { createHash } from 'node:crypto';
import { homeOf, type UserType } from '@app/contract/access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from './files';
import { sessionCookie } from './sessions';

/** The product's name on server-rendered pages; the web app says the same in `apps/web/src/app/brand.ts`. */
export const siteName = 'Recruitment Platform';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside a script element: "<" escaped, so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const jsonLdTag = (value: unknown) => `<script type="application/ld+json">${scriptJson(value)}</script>`;

export const noindexTag = '<meta name="robots" content="noindex">';

export type HeadTags = {
  title: string;
  description: string;
  /** Absolute: the canonical link and og:url. */
  url: string;
  ogType?: 'website' | 'article' | 'profile';
  image?: string | null;
  keywords?: string;
};

/** The tags search engines and link previews read: title, description, canonical link, Open Graph. */
export const seoHead = (tags: HeadTags): string[] => [
  `<title>${escapeHtml(tags.title)}</title>`,
  `<meta name="description" content="${escapeHtml(tags.description)}">`,
  ...(tags.keywords ? [`<meta name="keywords" content="${escapeHtml(tags.keywords)}">`] : []),
  `<link rel="canonical" href="${escapeHtml(tags.url)}">`,
  `<meta property="og:type" content="${tags.ogType ?? 'website'}">`,
  `<meta property="og:title" content="${escapeHtml(tags.title)}">`,
  `<meta property="og:description" content="${escapeHtml(tags.description)}">`,
  `<meta property="og:url" content="${escapeHtml(tags.url)}">`,
  ...(tags.image ? [`<meta property="og:image" content="${escapeHtml(tags.image)}">`] : []),
  `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}">`,
];

/** Up to two initials, for an avatar when there is no photo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** A date as people read it ("3 March 2026") inside a machine-readable <time>. */
export const timeTag = (date: Date) => `<time datetime="${date.toISOString()}">${dateFormat.format(date)}</time>`;

/**
 * An uploaded file's link for a public page. Signed links expire, so this one is made to end at a
 * day boundary at least a day away: the same all day, which lets browsers cache the image and the
 * page's ETag stay put, and never dead while the page is open.
 */
export const publicFileUrl = (files: FileStore, blobName: string, now = Date.now()) => {
  const day = 24 * 60 * 60;
  const seconds = Math.floor(now / 1000);
  return files.signedUrl(blobName, (Math.floor(seconds / day) + 2) * day - seconds);
};

/** A link typed by a person, as an http(s) URL: "example.com" gains https://, other schemes are dropped. */
export const webLink = (value: string | null | undefined) => {
  const text = value?.trim();
  if (!text) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : /^[a-z][a-z0-9+.-]*:/i.test(text) ? null : `https://${text}`;
  if (!withScheme) return null;
  try {
    return new URL(withScheme).toString();
  } catch {
    return null;
  }
};

const baseCss = `
:root{color-scheme:light;--brand:#177797;--brand-dark:#005b76;--brand-light:#e8f5f8;--text:#1d2733;--muted:#5c6878;--border:#e1e7ee;--bg:#f5f7fa}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:var(--bg);line-height:1.6;display:flex;flex-direction:column;min-height:100vh}
a{color:var(--brand)}
a:hover{color:var(--brand-dark)}
h1,h2,h3{line-height:1.25;font-weight:650}
img{max-width:100%;height:auto}
.site-header{background:#fff;border-bottom:1px solid var(--border)}
.site-header .inner{max-width:960px;margin:0 auto;padding:14px 20px;display:flex;gap:24px;align-items:center;flex-wrap:wrap}
.brand{font-weight:700;color:var(--brand-dark);text-decoration:none;font-size:1.1rem}
.site-header nav{display:flex;gap:18px;flex-wrap:wrap}
.site-header .actions{margin-left:auto;display:flex;gap:8px}
.site-header .actions .button{padding:6px 14px;font-size:.9rem}
.site-header nav a{color:var(--text);text-decoration:none;font-weight:500;font-size:.95rem;padding:6px 0}
.site-header nav a:hover{color:var(--brand)}
main{flex:1;width:100%;max-width:960px;margin:0 auto;padding:28px 20px 56px}
.site-footer{border-top:1px solid var(--border);background:#fff;color:var(--muted);font-size:.85rem;text-align:center;padding:18px 20px}
.muted{color:var(--muted)}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:0}
.tag{display:inline-block;background:var(--brand-light);color:var(--brand-dark);border-radius:999px;padding:2px 11px;font-size:.8rem;font-weight:500;text-decoration:none}
a.tag:hover{background:#d4e8ee}
.button{display:inline-flex;align-items:center;justify-content:center;gap:8px;border:1px solid var(--brand);background:#fff;color:var(--brand-dark);border-radius:8px;padding:10px 18px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.primary{background:var(--brand);color:#fff}
.button.primary:hover{background:var(--brand-dark);color:#fff}
.avatar{flex:none;display:flex;align-items:center;justify-content:center;border-radius:50%;background:var(--brand-light);color:var(--brand-dark);font-weight:700;overflow:hidden}
.avatar img{width:100%;height:100%;object-fit:cover}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.not-found{text-align:center;padding:64px 0}
.not-found h1{font-size:1.8rem;margin:0 0 8px}
`;

/** Where the header's ways in go: filled per visitor when the page is sent (`sendPage`). */
const headerActionsMark = '<!--header-actions-->';

/** The app's header's ways in: sign in and register, or, signed in, the visitor's own area. */
export const headerActions = (userType: UserType | null) =>
  userType
    ? `<a class="button primary" href="${homeOf[userType]}">My area</a>`
    : '<a class="button" href="/login">Sign in</a><a class="button primary" href="/register">Register</a>';

/** A whole page in the site's frame: the app's header (its links, and sign in or my area), the page, a footer. */
export const renderPage = (input: { head: string[]; body: string; css?: string }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <link rel="icon" href="data:,">
    ${input.head.join('\n    ')}
    <style>${baseCss}${input.css ?? ''}</style>
  </head>
  <body>
    <header class="site-header"><div class="inner"><a class="brand" href="/">${escapeHtml(siteName)}</a><nav aria-label="Site"><a href="/jobs">Find jobs</a><a href="/articles">Articles</a><a href="/contact">Contact us</a></nav><div class="actions">${headerActionsMark}</div></div></header>
    <main>
${input.body}
    </main>
    <footer class="site-footer">© ${new Date().getFullYear()} ${escapeHtml(siteName)}</footer>
  </body>
</html>
`;

/** The friendly page a missing or hidden record answers, kept out of search results. */
export const notFoundPage = (input: { heading: string; message: string; link: { href: string; label: string } }) =>
  renderPage({
    head: [`<title>${escapeHtml(`${input.heading} | ${siteName}`)}</title>`, noindexTag],
    body: `<section class="not-found">
  <h1>${escapeHtml(input.heading)}</h1>
  <p class="muted">${escapeHtml(input.message)}</p>
  <p><a class="button primary" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a></p>
</section>`,
  });

/**
 * Public pages are revalidated on every visit (no-cache), so an unpublished article or a switched
 * off card disappears at once; the ETag makes an unchanged page a cheap 304.
 */
export const sendPublic = (
  req: FastifyRequest,
  reply: FastifyReply,
  input: { body: string; type: string; status?: number; headers?: Record<string, string> },
) => {
  const status = input.status ?? 200;
  const etag = `"${createHash('sha1').update(input.body).digest('base64url')}"`;
  reply.header('cache-control', 'no-cache');
  for (const [name, value] of Object.entries(input.headers ?? {})) reply.header(name, value);
  if (status !== 200) return reply.status(status).type(input.type).send(input.body);
  reply.header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(input.type).send(input.body);
};

/**
 * No script runs on these pages, so the policy allows none: the stored article HTML is sanitised on
 * the way in, and this is the second line should anything ever slip through. Reading this site's own
 * files is allowed (connect-src 'self'): without a script it grants nothing, and crawlers' tools that
 * fetch robots.txt from the page (Lighthouse's SEO audit) are refused otherwise.
 */
const pagePolicy =
  "default-src 'none'; connect-src 'self'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

export const sendPage = async (req: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
  const at = html.indexOf(headerActionsMark);
  const token = req.cookies[sessionCookie];
  const visitor = at >= 0 && token ? await req.server.services.sessions.resolve(req.server.database.db, token) : null;
  // Cut and joined, never a replacement pattern.
  const page = at < 0 ? html : html.slice(0, at) + headerActions(visitor?.userType ?? null) + html.slice(at + headerActionsMark.length);
  // The header differs for a signed-in visitor: their page is theirs alone.
  const headers: Record<string, string> = { 'content-security-policy': pagePolicy, vary: 'Cookie' };
  if (token) headers['cache-control'] = 'private, no-cache';
  return sendPublic(req, reply, { body: page, type: 'text/html; charset=utf-8', status, headers });
};
