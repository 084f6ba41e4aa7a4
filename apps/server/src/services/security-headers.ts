import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * What the built web app needs and no more: Vite's scripts from this origin only; Mantine writes
 * <style> elements, so inline styles; pictures may be data: or blob: (a photo before upload) or any
 * https address (images in a template preview). The CV preview is drawn in the browser by
 * @react-pdf, whose layout engine is WebAssembly fetched from a data: URL ('wasm-unsafe-eval'
 * compiles WebAssembly only, never JavaScript from strings), into a blob: URL shown in a frame,
 * which Chrome's PDF viewer (a plugin) reads through object-src. Signed file links point at
 * APP_URL, which may differ from the address the browser uses.
 */
export const webAppPolicy = (appUrl: string) => {
  const app = originOf(appUrl);
  const self = app ? ["'self'", app] : ["'self'"];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...self, 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...self, 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [...self, 'blob:', 'data:'],
    'object-src': [...self, 'blob:'],
    'media-src': [...self, 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(appUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

/** The Swagger UI's page at /api/docs: its own scripts and styles only, and calls to this API. */
export const apiDocsPolicy =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/**
 * Helmet's headers for these options, worked out once: they are the same for every answer, and
 * helmet worked out per request (as its Fastify plugin does) cost a search a tenth of its time.
 */
const headersOf = (options: HelmetOptions) => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

/**
 * The headers every answer carries (pages, the web app's files, API JSON): nosniff, a referrer
 * policy, the web app's content security policy (whole pages of our own set a stricter one), no
 * framing by other sites, and HSTS when the app is reached over https.
 */
export const registerSecurityHeaders = (app: FastifyInstance, input: { appUrl: string }) => {
  const https = input.appUrl.startsWith('https://');
  const headers = headersOf({
    contentSecurityPolicy: { useDefaults: false, directives: webAppPolicy(input.appUrl) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
  // Set first: a page's own header of the same name (a stricter policy) replaces it.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
};
