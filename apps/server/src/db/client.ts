import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';
import { markTransactions } from './transaction-scope';

type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle queries run on: the database, or inside a transaction the transaction's own handle. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://... selects PostgreSQL; otherwise the embedded database. */
  url?: string;
  /** Where the embedded database keeps its files; omitted, it lives in memory. */
  dataDir?: string;
  poolSize?: number;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export const openDatabase = async ({ url, dataDir, poolSize = 10 }: DatabaseOptions): Promise<Database> => {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    // An idle connection the server drops (a restart, an administrator) is discarded by the pool and
    // the next query opens a new one; unhandled, its error would end the process.
    pool.on('error', () => {});
    const db = markTransactions(drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db);
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // PGlite runs Postgres on the thread that calls it: in a worker thread, a slow query keeps only
  // that thread busy and the server goes on answering (see pglite-thread.ts).
  const client = await openPgliteThread({ dataDir });
  const db = markTransactions(drizzlePglite(client as never, { casing: 'snake_case' }) as unknown as Db);
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  // Closing checkpoints an on-disk database, so the next start finds it clean.
  return { db, kind: 'pglite', close: () => client.close() };
};
