import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
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
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    inMemory: false,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Recruitment Platform <no-reply@localhost>',
    superAdminEmail: env.SUPER_ADMIN_EMAIL || undefined,
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    secret: env.APP_SECRET || undefined,
    jobSearchCache: env.JOB_SEARCH_CACHE !== 'off',
  };
};
