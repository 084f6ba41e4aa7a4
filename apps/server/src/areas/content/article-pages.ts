import type { ListResult } from '@app/contract/conventions/list';
import type { FastifyInstance } from 'fastify';
import { unstorableTextReason } from '../../engine/storable-text';
import type { FileStore } from '../../services/files';
import {
  escapeHtml,
  initialsOf,
  jsonLdTag,
  noindexTag,
  notFoundPage,
  publicFileUrl,
  renderPage,
  sendPage,
  seoHead,
  siteName,
  timeTag,
} from '../../services/html-page';
import { listPublicArticles, type PublicArticle, publicArticleBySlug } from './routes';

const perPage = 10;

type ListQuery = { search: string; tag: string; page: number };

/** A query-string value as one string: `?tag=a&tag=b` reads the first; anything longer than the API allows is cut. */
const queryText = (value: unknown, max: number) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim().slice(0, max) : '';
};

/** A page number people may type: anything that is not a whole number from 1 up is the first page. */
const pageNumber = (value: unknown) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

/** The list's own address for a search, a tag and a page, leaving out what is the default. */
export const articlesHref = (query: Partial<ListQuery>) => {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.tag) params.set('tag', query.tag);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/articles?${text}` : '/articles';
};

const articleHref = (slug: string) => `/articles/${encodeURIComponent(slug)}`;

const authorName = (article: PublicArticle) => article.author?.fullName || article.author?.name || null;

const byline = (article: PublicArticle) =>
  [
    authorName(article) ? `By ${escapeHtml(authorName(article) as string)}` : null,
    article.publishDate ? timeTag(article.publishDate) : null,
  ]
    .filter(Boolean)
    .join(' · ');

const tagList = (tags: string[]) =>
  tags.length === 0
    ? ''
    : `<ul class="tags" aria-label="Tags">${tags
        .map((tag) => `<li><a class="tag" href="${escapeHtml(articlesHref({ tag }))}">${escapeHtml(tag)}</a></li>`)
        .join('')}</ul>`;

const listCss = `
.intro h1{font-size:2rem;margin:0 0 4px}
.intro p{margin:0 0 20px}
.search{display:flex;gap:8px;margin-bottom:14px}
.search input{flex:1;min-width:0;font:inherit;padding:10px 14px;border:1px solid #c9d3de;border-radius:8px;background:#fff}
.search input:focus{outline:2px solid var(--brand);outline-offset:1px;border-color:var(--brand)}
.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 18px;font-size:.92rem}
.articles{list-style:none;padding:0;margin:0;display:grid;gap:16px}
.item{display:flex;gap:18px;background:#fff;border:1px solid var(--border);border-radius:12px;padding:18px 20px}
.item .thumb{flex:none;width:160px;aspect-ratio:16/10;border-radius:8px;overflow:hidden;background:var(--brand-light)}
.item .thumb img{width:100%;height:100%;object-fit:cover}
.item h2{font-size:1.25rem;margin:0 0 4px}
.item h2 a{color:var(--text);text-decoration:none}
.item h2 a:hover{color:var(--brand)}
.item .meta{margin:0 0 8px;font-size:.88rem}
.item .summary{margin:0 0 10px}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:6px;padding:1px 8px;font-size:.75rem;font-weight:600;margin-bottom:6px}
.empty{background:#fff;border:1px dashed #c9d3de;border-radius:12px;padding:36px 20px;text-align:center}
.pager{display:flex;justify-content:space-between;align-items:center;gap:12px;margin-top:24px}
.pager .button[aria-disabled]{visibility:hidden}
@media (max-width:600px){.item{flex-direction:column;padding:16px}.item .thumb{width:100%}.intro h1{font-size:1.6rem}}
`;

/** The public article list: what `POST /api/article/list` answers, as a page with search, tag filter and paging. */
export const renderArticleList = (input: { query: ListQuery; result: ListResult<PublicArticle>; appUrl: string; files: FileStore }) => {
  const { query, result, appUrl, files } = input;
  const heading = query.tag ? `Articles tagged “${query.tag}”` : 'Articles';
  const title = `${heading}${query.page > 1 ? ` – page ${query.page}` : ''} | ${siteName}`;
  const description = query.tag
    ? `Articles about ${query.tag} from ${siteName}: career advice, hiring tips and news.`
    : `Career advice, hiring tips and news from ${siteName}.`;
  const hasPrevious = query.page > 1 && result.totalPages > 0;
  const hasNext = query.page < result.totalPages;
  const previous = articlesHref({ ...query, page: Math.min(query.page - 1, result.totalPages) });
  const next = articlesHref({ ...query, page: query.page + 1 });
  // A search answer is not a page of its own for search engines; tags and pages are.
  const head = [
    ...seoHead({ title, description, url: `${appUrl}${articlesHref({ tag: query.tag, page: query.page })}` }),
    ...(query.search || result.results.length === 0 ? [noindexTag] : []),
    ...(hasPrevious ? [`<link rel="prev" href="${escapeHtml(previous)}">`] : []),
    ...(hasNext ? [`<link rel="next" href="${escapeHtml(next)}">`] : []),
  ];

  const items = result.results
    .map((article) => {
      const href = escapeHtml(articleHref(article.slug));
      const thumb = article.img
        ? `<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true"><img src="${escapeHtml(publicFileUrl(files, article.img.blobName))}" alt="" loading="lazy"></a>`
        : '';
      return `<li><article class="item">${thumb}<div>
  ${article.isFeatured ? '<span class="badge">Featured</span>' : ''}
  <h2><a href="${href}">${escapeHtml(article.title)}</a></h2>
  <p class="meta muted">${byline(article)}</p>
  <p class="summary">${escapeHtml(article.shortDesc)}</p>
  ${tagList(article.tags)}
</div></article></li>`;
    })
    .join('\n');

  const filters = [
    query.tag
      ? `<span>Tag: <span class="tag">${escapeHtml(query.tag)}</span> <a href="${escapeHtml(articlesHref({ search: query.search }))}">remove</a></span>`
      : '',
    query.search
      ? `<span>Results for “${escapeHtml(query.search)}” · <a href="${escapeHtml(articlesHref({ tag: query.tag }))}">clear search</a></span>`
      : '',
    result.totalResults > 0
      ? `<span class="muted">${result.fromTo.from}–${result.fromTo.to} of ${result.totalResults} article${result.totalResults === 1 ? '' : 's'}</span>`
      : '',
  ].filter(Boolean);

  const empty =
    result.totalResults === 0
      ? `<p>No articles match${query.search ? ` “${escapeHtml(query.search)}”` : ''}${query.tag ? ` with the tag “${escapeHtml(query.tag)}”` : ''}.</p>`
      : '<p>There are no articles on this page.</p>';

  const body = `<section class="intro">
  <h1>${escapeHtml(heading)}</h1>
  <p class="muted">${escapeHtml(description)}</p>
</section>
<form class="search" role="search" method="get" action="/articles">
  <label class="visually-hidden" for="search">Search articles</label>
  <input id="search" type="search" name="search" value="${escapeHtml(query.search)}" placeholder="Search articles" maxlength="200">
  ${query.tag ? `<input type="hidden" name="tag" value="${escapeHtml(query.tag)}">` : ''}
  <button class="button primary" type="submit">Search</button>
</form>
${filters.length > 0 ? `<p class="filters">${filters.join('')}</p>` : ''}
${
  result.results.length > 0
    ? `<ol class="articles">\n${items}\n</ol>`
    : `<div class="empty">${empty}<p><a href="/articles">See all articles</a></p></div>`
}
${
  hasPrevious || hasNext
    ? `<nav class="pager" aria-label="Pages">
  <a class="button" ${hasPrevious ? `href="${escapeHtml(previous)}" rel="prev"` : 'aria-disabled="true"'}>← Newer</a>
  <span class="muted">Page ${query.page} of ${result.totalPages}</span>
  <a class="button" ${hasNext ? `href="${escapeHtml(next)}" rel="next"` : 'aria-disabled="true"'}>Older →</a>
</nav>`
    : ''
}`;
  return renderPage({ head, body, css: listCss });
};

/** schema.org Article, the form search engines read articles in. */
export const articleJsonLd = (article: PublicArticle, input: { url: string; appUrl: string; image: string | null }) => ({
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: article.title,
  description: article.meta_description,
  keywords: article.meta_tags,
  ...(input.image ? { image: [input.image] } : {}),
  ...(article.publishDate ? { datePublished: article.publishDate.toISOString() } : {}),
  dateModified: article.updatedAt.toISOString(),
  ...(authorName(article) ? { author: { '@type': 'Person', name: authorName(article) } } : {}),
  publisher: { '@type': 'Organization', name: siteName, url: input.appUrl },
  mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
  url: input.url,
});

const articleCss = `
.crumbs{margin:0 0 18px;font-size:.92rem}
.crumbs a{text-decoration:none}
.post{background:#fff;border:1px solid var(--border);border-radius:14px;padding:32px 36px}
.post h1{font-size:2.1rem;margin:10px 0 6px}
.post .meta{margin:0 0 22px}
.post .hero{border-radius:10px;margin:0 0 24px;width:100%}
.content{font-size:1.06rem;overflow-wrap:break-word}
.content img{border-radius:8px}
.content blockquote{margin:18px 0;padding:4px 18px;border-left:4px solid var(--brand-light);color:var(--muted)}
.content pre{background:var(--bg);padding:12px;border-radius:8px;overflow:auto}
.content table{border-collapse:collapse;display:block;overflow:auto}
.content th,.content td{border:1px solid var(--border);padding:6px 10px}
.post footer{margin-top:28px;padding-top:18px;border-top:1px solid var(--border)}
.author-card{display:flex;gap:16px;align-items:flex-start;margin-top:22px;background:#fff;border:1px solid var(--border);border-radius:14px;padding:20px 24px}
.author-card .avatar{width:56px;height:56px;font-size:1.2rem}
.author-card .label{margin:0;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.author-card h2{margin:0 0 4px;font-size:1.15rem}
.author-card .profile{margin:0;white-space:pre-line}
@media (max-width:600px){.post{padding:22px 18px;border-radius:0;margin:0 -20px;border-left:0;border-right:0}.post h1{font-size:1.6rem}}
`;

/** One article: its meta title, description and keywords in the head, its stored HTML as the body. */
export const renderArticle = (input: { article: PublicArticle; appUrl: string; files: FileStore }) => {
  const { article, appUrl, files } = input;
  const url = `${appUrl}${articleHref(article.slug)}`;
  const image = article.img ? publicFileUrl(files, article.img.blobName) : null;
  const head = [
    ...seoHead({
      title: article.meta_title,
      description: article.meta_description,
      keywords: article.meta_tags,
      url,
      ogType: 'article',
      image,
    }),
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    ...(article.publishDate ? [`<meta property="article:published_time" content="${article.publishDate.toISOString()}">`] : []),
    `<meta property="article:modified_time" content="${article.updatedAt.toISOString()}">`,
    ...article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
    jsonLdTag(articleJsonLd(article, { url, appUrl, image })),
  ];
  const name = authorName(article);
  const authorCard = name
    ? `<aside class="author-card" aria-label="About the author">
  <div class="avatar" aria-hidden="true">${escapeHtml(initialsOf(name))}</div>
  <div>
    <p class="label">Written by</p>
    <h2>${escapeHtml(name)}</h2>
    ${article.author?.profile ? `<p class="profile">${escapeHtml(article.author.profile)}</p>` : ''}
  </div>
</aside>`
    : '';
  // The content is stored sanitised (sanitizeRichText on every write), so it goes in as it is.
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="/articles">← All articles</a></nav>
<article class="post">
  <header>
    ${tagList(article.tags)}
    <h1>${escapeHtml(article.title)}</h1>
    <p class="meta muted">${byline(article)}</p>
  </header>
  ${image ? `<img class="hero" src="${escapeHtml(image)}" alt="">` : ''}
  <div class="content">
${article.content}
  </div>
</article>
${authorCard}`;
  return renderPage({ head, body, css: articleCss });
};

const slugPattern = /^[a-z0-9-]{1,200}$/;

/** /articles and /articles/:slug answered by the server as whole pages: readable and indexable without the app. */
export const registerArticlePages = (app: FastifyInstance) => {
  const { config, files } = app.services;

  app.get('/articles', { schema: { hide: true } }, async (req, reply) => {
    const raw = req.query as Record<string, unknown>;
    const query: ListQuery = { search: queryText(raw.search, 200), tag: queryText(raw.tag, 100), page: pageNumber(raw.page) };
    if (unstorableTextReason(query.search) || unstorableTextReason(query.tag)) {
      const page = notFoundPage({
        heading: 'This search cannot be read',
        message: 'The search or tag contains characters that are not text. Please type it again.',
        link: { href: '/articles', label: 'Browse all articles' },
      });
      return sendPage(req, reply, page, 400);
    }
    const result = await listPublicArticles(app.database.db, {
      page: query.page,
      limit: perPage,
      search: query.search,
      filter: query.tag ? { tag: query.tag } : {},
    });
    return sendPage(req, reply, renderArticleList({ query, result, appUrl: config.appUrl, files }));
  });

  app.get('/articles/:slug', { schema: { hide: true } }, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    if (slug === '') return reply.redirect('/articles');
    const article = slugPattern.test(slug) ? await publicArticleBySlug(app.database.db, slug) : undefined;
    if (!article) {
      const page = notFoundPage({
        heading: 'Article not found',
        message: 'This article does not exist or is no longer published.',
        link: { href: '/articles', label: 'Browse all articles' },
      });
      return sendPage(req, reply, page, 404);
    }
    return sendPage(req, reply, renderArticle({ article, appUrl: config.appUrl, files }));
  });
};
