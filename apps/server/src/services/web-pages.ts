import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';

/** What the web app's server build (apps/web/src/entry-server.tsx) offers. */
type Transport = { fetch: (url: string, init: RequestInit) => Promise<Response>; cookie: () => string };
type Renderer = {
  isServerRendered: (pathname: string) => boolean;
  renderPage: (input: { url: string; transport: Transport }) => Promise<{ html: string; stateTag: string } | { redirect: string } | null>;
};

export type WebPages = {
  /** The built app's index.html, read per request so a rebuilt app is served without a restart; null without a build. */
  template: () => string | null;
  /** Whether the web app draws this path on the server. */
  isServerRendered: (pathname: string) => Promise<boolean>;
  /**
   * The app's page for this request: drawn on the server where the app can (the public pages),
   * else the bare app that draws itself in the browser; `head` tags replace the page's own title.
   */
  send: (req: FastifyRequest, reply: FastifyReply, input?: { head?: string[]; status?: number }) => Promise<unknown>;
};

/**
 * The web app's own calls, answered in-process while drawing a page, as the visitor: their
 * cookies (so a signed-in visitor sees their header) and address (rate limits) go along.
 */
const inProcessTransport = (app: FastifyInstance, req: FastifyRequest): Transport => ({
  cookie: () => req.headers.cookie ?? '',
  fetch: async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: req.ip,
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  },
});

/** Puts `insert` in place of `text[start, end)`, never through a replacement pattern ("$'" in data stays text). */
const splice = (text: string, start: number, end: number, insert: string) => text.slice(0, start) + insert + text.slice(end);

/** The page with tags added at the end of its head; a title or description among them replaces the app's own. */
export const withHeadTags = (template: string, tags: string[]) => {
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0 || tags.length === 0) return template;
  let head = template.slice(0, headEnd);
  const titleStart = head.indexOf('<title>');
  const titleEnd = titleStart < 0 ? -1 : head.indexOf('</title>', titleStart);
  if (tags.some((tag) => tag.startsWith('<title>')) && titleEnd >= 0) head = splice(head, titleStart, titleEnd + '</title>'.length, '');
  // The app's own description gives way to the page's.
  if (tags.some((tag) => tag.startsWith('<meta name="description"'))) {
    const descriptionStart = head.indexOf('<meta name="description"');
    const descriptionEnd = descriptionStart < 0 ? -1 : head.indexOf('>', descriptionStart);
    if (descriptionEnd >= 0) head = splice(head, descriptionStart, descriptionEnd + 1, '');
  }
  return `${head}    ${tags.join('\n    ')}\n  ${template.slice(headEnd)}`;
};

const rootElement = '<div id="root"></div>';

/** The drawn markup inside #root, and the data it was drawn from after it. */
export const withRootMarkup = (template: string, drawn: { html: string; stateTag: string }) => {
  const at = template.indexOf(rootElement);
  if (at < 0) return template;
  return splice(template, at, at + rootElement.length, `<div id="root">${drawn.html}</div>${drawn.stateTag}`);
};

export const createWebPages = (app: FastifyInstance, webDist: string): WebPages => {
  const indexFile = path.join(webDist, 'index.html');
  // Vite's server build sits beside the browser's (`npm run build -w apps/web` makes both).
  const entryFile = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  let loaded: { stamp: number; renderer: Promise<Renderer> } | null = null;

  /** The server build, loaded again when it was rebuilt; null when there is none (the app then draws itself). */
  const renderer = async (): Promise<Renderer | null> => {
    let stamp: number;
    try {
      stamp = fs.statSync(entryFile).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.stamp !== stamp) loaded = { stamp, renderer: import(`${pathToFileURL(entryFile).href}?v=${stamp}`) as Promise<Renderer> };
    try {
      return await loaded.renderer;
    } catch (error) {
      app.log.error({ err: error }, 'the web app server build could not be loaded');
      return null;
    }
  };

  const template = () => {
    try {
      return fs.readFileSync(indexFile, 'utf8');
    } catch {
      return null;
    }
  };

  return {
    template,
    isServerRendered: async (pathname) => (await renderer())?.isServerRendered(pathname) ?? false,
    send: async (req, reply, input = {}) => {
      const page = template();
      if (page === null) return reply.callNotFound();
      let html = withHeadTags(page, input.head ?? []);
      const drawing = await renderer();
      if (drawing) {
        try {
          const drawn = await drawing.renderPage({ url: req.url, transport: inProcessTransport(app, req) });
          if (drawn && 'redirect' in drawn) return reply.header('cache-control', 'no-store').redirect(drawn.redirect);
          if (drawn) html = withRootMarkup(html, drawn);
        } catch (error) {
          // The page still works: the browser draws it, as it would without the server build.
          req.log.error({ err: error }, 'a page could not be drawn on the server');
        }
      }
      // Pages hold the visitor's own header (signed in or not): never kept by a shared cache.
      return reply
        .status(input.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .send(html);
    },
  };
};
