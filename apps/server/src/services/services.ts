import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { CodeLimits } from './code-limits';
import type { RenderPool } from './documents/render-pool';
import type { FileStore } from './files';
import type { Gazetteer } from './gazetteer';
import type { InvalidationBus } from './invalidation-bus';
import type { JobQueue } from './job-queue';
import type { Mailer } from './mail';
import type { OneTimeCodes } from './one-time-codes';
import type { RateLimiter } from './rate-limit';
import type { ResultCache } from './result-cache';
import type { Sessions } from './sessions';
import type { SignInLimits } from './sign-in-limits';
import type { StoredSecrets } from './stored-secrets';

/**
 * What handlers use beyond the database; built once per app in app.ts, which adds the services an
 * area owns (`AppServices`: the search indexes), so nothing here imports an area.
 */
export type Services = {
  config: Config;
  /** The app's logger, for work that notes what it recovered from. */
  log: FastifyBaseLogger;
  /** Work that must outlive the request and a restart (mail), retried with backoff. */
  queue: JobQueue;
  mail: Mailer;
  files: FileStore;
  codes: OneTimeCodes;
  /** Encrypts the passwords the app must read back (SMTP, IMAP) before they are stored. */
  secrets: StoredSecrets;
  gazetteer: Gazetteer;
  /** Public job searches, cleared by every change to a job or a company's name. */
  jobSearchCache: ResultCache<unknown>;
  sessions: Sessions;
  /** Cache drops every process of the server applies (sessions, access, search). */
  invalidation: InvalidationBus;
  /** Draws CVs and cover letters off the main thread, cached on disk by content. */
  documents: RenderPool;
  /** Keyed by `addressKey(req.ip)`; `publicPerAddress` takes a prefix per purpose (`forgot:`, `register:`, `contact:`). */
  limits: {
    signIn: SignInLimits;
    publicPerAddress: RateLimiter;
    /** Uploads per signed-in user per hour, whichever call takes them. */
    uploadsPerUser: RateLimiter;
    /** One-time codes per address: new ones and wrong tries (the codes count per record themselves). */
    codes: CodeLimits;
  };
};
