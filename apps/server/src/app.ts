import fs from 'node:fs';
import path from 'node:path';
import type { ResourceDefinition } from '@app/contract/define-resource';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerApplications } from './areas/applications/routes';
import { registerAuth } from './areas/auth/routes';
import { registerCompanies } from './areas/companies/routes';
import { registerArticlePages } from './areas/content/article-pages';
import { registerCardPages } from './areas/content/card-page';
import { registerContent } from './areas/content/routes';
import { type CandidateSearch, createCandidateSearch } from './areas/crm/candidate-search';
import { registerCrm } from './areas/crm/routes';
import { registerCrmAccess } from './areas/crm-access/routes';
import { registerCvBuilder } from './areas/cv-builder/routes';
import { registerEmails } from './areas/email/emails';
import { registerEmailTemplates } from './areas/email/templates';
import { registerEntityLog } from './areas/entity-log/routes';
import { registerFeedback } from './areas/feedback/routes';
import { registerFiles } from './areas/files/routes';
import { registerHiring } from './areas/hiring/routes';
import { registerJobSeekers } from './areas/job-seekers/routes';
import { registerJobPages } from './areas/jobs/page';
import { publicPageHead } from './areas/jobs/public-page-head';
import { registerJobs } from './areas/jobs/routes';
import { createSearchIndexSync, type SearchIndexSync } from './areas/jobs/search-index-sync';
import { registerLookups } from './areas/lookups/routes';
import { registerOrganisations } from './areas/organisations/routes';
import { registerSetup } from './areas/setup/routes';
import { registerStaff } from './areas/staff/routes';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { loadSchemaTables } from './db/schema-tables';
import { forgetAccessProfiles } from './engine/access';
import type { Caller } from './engine/context';
import { HttpError, isUniqueViolation } from './engine/errors';
import { registerGenericResources } from './engine/generic-resources';
import { registerOpenApi } from './engine/openapi';
import { checkReferences } from './engine/references';
import type { RegisteredCall } from './engine/register-call';
import { checkRegistry } from './engine/registry-check';
import { prepareDatabase } from './prepare-database';
import { createCodeLimits } from './services/code-limits';
import { createRenderPool } from './services/documents/render-pool';
import { createFileStore, maxUploadBytes } from './services/files';
import { createGazetteer } from './services/gazetteer';
import { createJobQueue } from './services/job-queue';
import { loggerOptions, requestLogger } from './services/logger';
import { createMailer } from './services/mail';
import { createOneTimeCodes } from './services/one-time-codes';
import { createRateLimiter } from './services/rate-limit';
import { createResultCache } from './services/result-cache';
import { scheduleRetention } from './services/retention';
import { readOrCreateSecret } from './services/secret';
import { registerSecurityHeaders } from './services/security-headers';
import type { Services } from './services/services';
import { createSessions, sessionCookie } from './services/sessions';
import { openSharedState } from './services/shared-state';
import { createSignInLimits } from './services/sign-in-limits';
import { fileStorageOf } from './services/storage/configured-storage';
import { createStoredSecrets } from './services/stored-secrets';
import { createWebPages } from './services/web-pages';

/** The services, with those an area owns: the search indexes each process keeps. */
export type AppServices = Services & {
  /** The public job search's index in this process, brought up to date before every search. */
  jobSearchIndex: SearchIndexSync;
  /** The CRM candidate list's search in this process, brought up to date before every list. */
  candidateSearch: CandidateSearch;
};

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: AppServices;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const errorEnvelope = (status: number, message: string, data: unknown = null) => ({
  code: status,
  success: false,
  message,
  data,
});

/** Fastify's own client errors, said plainly. A wrong content type is a 400 (DECISIONS.md §2). */
const clientErrorOf = (error: FastifyError): HttpError | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'The request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'Unsupported content type; send application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'The file is larger than 10 MB');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, 'Send the file as multipart/form-data under the key "file"');
    default:
      return error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? new HttpError(error.statusCode, error.message) : null;
  }
};

/**
 * Files under /assets carry a hash of their content in their name, so a browser keeps them for a
 * year without asking again; anything else (index.html, robots.txt) is checked on every use.
 */
export const cacheControlOf = (filePath: string) =>
  /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';

/** A hop count trusts that many proxies nearest the server (Fastify's own reading of a number). */
const trustProxyOf = (trusted: Config['trustProxy']) =>
  typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : (trusted ?? false);

export type AppOptions = {
  config: Config;
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
};

/** Builds the app: external plugins, then ours, then every call, then the docs and the web app. */
export const buildApp = async ({ config, database: given, logStream }: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, stream: logStream }),
    childLoggerFactory: requestLogger,
    bodyLimit: 2 * 1024 * 1024,
    // req.ip is the socket's address unless TRUST_PROXY names the proxies in front (README).
    trustProxy: trustProxyOf(config.trustProxy),
  });
  const database =
    given ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.inMemory ? undefined : path.join(config.dataDir, 'db') }));
  const secret = config.secret ?? readOrCreateSecret(config.dataDir, config.inMemory);
  const queue = createJobQueue({ db: database.db, log: app.log, settings: config.jobQueue });
  const secrets = createStoredSecrets(secret);
  scheduleRetention({ db: database.db, queue });
  const shared = await openSharedState({ config, database, log: app.log });
  const { bus, counters: store } = shared;
  // The permission profiles are the engine's own cache: dropped here whenever any process says so.
  bus.subscribe('access', forgetAccessProfiles);
  const services: AppServices = {
    config,
    log: app.log,
    queue,
    mail: createMailer({ db: database.db, queue, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, secrets }),
    files: createFileStore({ storage: fileStorageOf(config), secret, appUrl: config.appUrl }),
    codes: createOneTimeCodes({ secret }),
    secrets,
    gazetteer: createGazetteer(),
    jobSearchIndex: createSearchIndexSync(database.db, app.log),
    candidateSearch: createCandidateSearch(database.db),
    jobSearchCache: createResultCache({
      ttlMs: config.jobSearchCache ? 30_000 : 0,
      maxEntries: 1000,
      invalidation: { bus, topic: 'search' },
    }),
    sessions: createSessions({ bus }),
    invalidation: bus,
    // Workers start with the first document drawn; a long-running server warms them up front.
    documents: createRenderPool({ dataDir: config.dataDir, warm: !config.inMemory }),
    limits: {
      signIn: createSignInLimits({ store }),
      publicPerAddress: createRateLimiter({ name: 'public', store, limit: 20, windowMs: 60 * 60 * 1000 }),
      uploadsPerUser: createRateLimiter({ name: 'uploads', store, limit: 60, windowMs: 60 * 60 * 1000 }),
      codes: createCodeLimits({ store }),
    },
  };
  app.decorate('database', database);
  app.decorate('services', services);
  app.decorate('calls', [] as RegisteredCall[]);
  app.decorate('resources', [] as ResourceDefinition[]);
  app.decorateRequest('caller', null);
  // Jobs left queued by the last run (or by another process) are taken up as soon as the app is ready.
  app.addHook('onReady', async () => queue.start());
  // The search index is read from the database as the server starts; searches before it is whole wait for it.
  let closing = false;
  app.addHook('onReady', async () => {
    // A load cut short by the server closing is no error (its next search would load it again).
    services.jobSearchIndex.load().catch((error) => closing || app.log.error({ err: error }, 'The job search index did not load'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    // First, while the database is open: the job in hand finishes and records its outcome.
    await queue.stop();
    services.mail.close();
    await services.documents.close();
    await shared.close();
    if (!given) await database.close();
  });

  // An empty JSON body is an empty object: several calls take no body at all.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON'), undefined);
    }
  });
  // Pages and JSON go out brotli- or gzip-compressed; the web app's files are compressed once at build time.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 10 } });
  registerSecurityHeaders(app, { appUrl: config.appUrl });

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : req.cookies[sessionCookie];
    if (token) req.caller = await services.sessions.resolve(database.db, token);
  });

  app.setErrorHandler((error: FastifyError & { code?: string }, req, reply) => {
    const known =
      error instanceof HttpError
        ? error
        : isUniqueViolation(error)
          ? new HttpError(409, 'This record already exists')
          : clientErrorOf(error);
    if (known) {
      // Refused authorisations are security events: logged with who tried, never with the request body.
      if (known.status === 403) req.log.warn({ userId: req.caller?.id ?? null, reason: known.message }, 'authorisation refused');
      const data = known.data ?? (known.errors ? { errors: known.errors } : null);
      return reply.status(known.status).send(errorEnvelope(known.status, known.message, data));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorEnvelope(500, 'Something went wrong. Please try again.'));
  });

  await prepareDatabase({ db: database.db, config, log: app.log });

  registerAuth(app);
  registerSetup(app);
  registerFiles(app);
  registerOrganisations(app);
  registerStaff(app);
  registerCrmAccess(app);
  registerEntityLog(app);
  registerCrm(app);
  registerHiring(app);
  registerFeedback(app);
  registerEmailTemplates(app);
  registerEmails(app);
  registerLookups(app);
  registerJobSeekers(app);
  registerCompanies(app);
  registerJobs(app);
  registerApplications(app);
  registerCvBuilder(app);
  registerContent(app);
  registerGenericResources(app, await loadSchemaTables());
  checkRegistry(app.resources);
  checkReferences(app.resources);

  await registerOpenApi(app);

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const pages = createWebPages(app, webDist);
  registerJobPages(app, pages);
  // Whole pages of their own, with or without the web app: before the fallback that answers index.html.
  registerArticlePages(app);
  registerCardPages(app);
  // Files are looked up per request (wildcard), so a rebuilt web app is served without a restart;
  // a path that is no file falls through to the not-found handler, which answers the app.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // The build's .br and .gz beside each file, chosen by the browser's Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlOf(filePath)),
    });
    // The root is a folder to the static files, so it is answered explicitly.
    app.get('/', { schema: { hide: true } }, (req, reply) => pages.send(req, reply, { head: publicPageHead(req.url, config.appUrl) }));
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorEnvelope(404, 'No such call'));
    }
    // The public pages come drawn, with their data in the HTML.
    const pathname = req.url.split('?')[0] ?? '/';
    if (await pages.isServerRendered(pathname)) return pages.send(req, reply, { head: publicPageHead(req.url, config.appUrl) });
    // Other browser routes answer the app, so a reload on /crm/staff works.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
};
