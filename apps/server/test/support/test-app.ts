import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallSpec } from '@app/contract/define-resource';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, readConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';

export const superAdmin = { email: 'root@example.com', password: 'Sup3r-secret!' };

export type Envelope<T = any> = { code: number; success: boolean; message: string; data: T };

/**
 * One app per test file on a fresh in-memory PGlite, or, when TEST_DATABASE_URL is set, on a new
 * PostgreSQL database made for the file (a copy of the one global-setup.ts migrated and seeded for
 * the run) and dropped after it.
 */
export const startTestApp = async (
  options: {
    withSuperAdmin?: boolean;
    dataDir?: string;
    webDist?: string;
    /** Log lines go here, from level info, instead of nowhere. */
    logStream?: DestinationStream;
    appUrl?: string;
    config?: Partial<Config>;
    /** The embedded database on disk (under dataDir) instead of in memory, so `restart` finds it again. */
    onDisk?: boolean;
    /** Registers more on the built app before it starts (a test-only resource over a test table). */
    extend?: (app: FastifyInstance) => Promise<void> | void;
  } = {},
) => {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    // A test database is thrown away after the file: waiting for each commit to reach the disk buys nothing.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = {
    ...readConfig({}),
    inMemory: true,
    dataDir,
    databaseUrl,
    logLevel: options.logStream ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    appUrl: options.appUrl ?? 'http://localhost:3000',
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.withSuperAdmin === false ? {} : { superAdminEmail: superAdmin.email, superAdminPassword: superAdmin.password }),
    ...options.config,
  };
  const embeddedDir = options.onDisk && !databaseUrl ? path.join(dataDir, 'db') : undefined;
  const open = async () => {
    const database = await openDatabase({ url: databaseUrl, dataDir: embeddedDir, poolSize: 4 });
    const app = await buildApp({ config, database, logStream: options.logStream });
    await options.extend?.(app);
    await app.ready();
    return { app, database };
  };
  let opened = await open();
  return {
    get app() {
      return opened.app;
    },
    /** Closes the app and its database (as a stopped server would) and starts a new one on the same data. */
    restart: async () => {
      await opened.app.close();
      await opened.database.close();
      opened = await open();
      return opened.app;
    },
    close: async () => {
      await opened.app.close();
      await opened.database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const pathOf = (spec: Pick<CallSpec, 'path'>, params: Record<string, string> = {}) =>
  `/api${spec.path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')}`;

/**
 * Makes a call the way a client would: JSON body, or query string for GET and DELETE; `from` is the
 * socket's address (127.0.0.1 unless told), `headers` any more headers.
 */
export const call = async <T = any>(
  app: FastifyInstance,
  spec: Pick<CallSpec, 'method' | 'path'>,
  input: Record<string, unknown> = {},
  token?: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> }> => {
  const headers: Record<string, string> = { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const url = pathOf(spec, input as Record<string, string>);
  const remoteAddress = options.from;
  const response =
    spec.method === 'GET' || spec.method === 'DELETE'
      ? await app.inject({ method: spec.method, url, query: input as Record<string, string>, headers, remoteAddress })
      : await app.inject({ method: spec.method, url, payload: input, headers, remoteAddress });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
};

/**
 * A built web app's index.html, as Vite writes it, in a folder of its own for one test file (removed
 * after it): pages the server answers itself are seen to win over it, and a job's page to fill it in.
 */
export const aBuiltWebApp = () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Recruit</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
  return webDist;
};
