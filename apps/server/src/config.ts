import path from 'node:path';
import type { JobQueueSettings } from './services/job-queue';
import { readS3Options } from './services/storage/s3-config';
import type { S3Options } from './services/storage/s3-storage';

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Stored files go to this S3-compatible bucket; unset, under DATA_DIR/files. Holds a secret: never logged. */
  s3?: S3Options;
  /** Keep the embedded database in memory (tests). */
  inMemory: boolean;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  superAdminEmail?: string;
  superAdminPassword?: string;
  logLevel: string;
  /** Signs file links and session cookies; generated per data directory when not set. */
  secret?: string;
  webDist?: string;
  /** Keep public job searches for 30 s (JOB_SEARCH_CACHE=off: every search goes to the database). */
  jobSearchCache: boolean;
  /**
   * Which proxies in front may name the client in X-Forwarded-For: their addresses or CIDR ranges,
   * or how many hops to trust. Unset, no header is believed and a client is its socket's address.
   */
  trustProxy?: string[] | number;
  /**
   * Rate limits and cache drops go through this Redis (redis://...) instead of the database, for
   * every process of the server alike. Holds a password when it has one: never logged.
   */
  redisUrl?: string;
  /** Put before every key and channel this server uses in Redis, so several deployments can share one. */
  redisPrefix: string;
  /** Polling, retry backoff and lock timeout of the job queue (tests shorten them); defaults in job-queue.ts. */
  jobQueue?: Partial<JobQueueSettings>;
};

/** TRUST_PROXY: comma-separated addresses or CIDR ranges (or loopback, uniquelocal, ...), or a hop count. */
export const parseTrustProxy = (value: string | undefined): Config['trustProxy'] => {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  if (entries.some((entry) => entry === 'true' || entry === '*')) {
    throw new Error(
      'TRUST_PROXY names the proxies in front (addresses, CIDR ranges or a hop count): trusting every sender would let any client choose its address',
    );
  }
  if (entries.length === 1 && /^\d+$/.test(entries[0] as string)) return Number(entries[0]);
  return entries;
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    s3: readS3Options(env),
    inMemory: false,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Recruitment Platform <no-reply@localhost>',
    superAdminEmail: env.SUPER_ADMIN_EMAIL || undefined,
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    secret: env.APP_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobSearchCache: env.JOB_SEARCH_CACHE !== 'off',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'recruit:',
  };
};
