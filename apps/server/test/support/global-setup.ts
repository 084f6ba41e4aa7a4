import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { seedCatalogue } from '../../src/db/seed-catalogue';
import { seedCoverLetters } from '../../src/db/seed-cover-letters';
import { seedLookups } from '../../src/db/seed-lookups';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On PostgreSQL, the migrated, seeded database each file's own database is made from. */
    postgresTemplate: string;
  }
}

const adminQuery = async (serverUrl: string, sql: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/**
 * On PostgreSQL, migrations and seeds once for the run instead of once per file: each file's database
 * is then made with CREATE DATABASE ... TEMPLATE. (On PGlite a copy costs as much as a new database.)
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', '');
  if (!serverUrl) return;
  const name = `test_template_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await seedCatalogue(database.db);
  await seedLookups(database.db);
  await seedCoverLetters(database.db);
  await database.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}
