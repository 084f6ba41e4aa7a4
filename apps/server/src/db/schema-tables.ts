import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

const schemaDir = path.join(import.meta.dirname, 'schema');

/**
 * Every table of `db/schema`, by its SQL name: the folder drizzle-kit makes the migrations from
 * (drizzle.config.ts), read the same way, so a new table is found without a list written beside it.
 */
export const loadSchemaTables = async () => {
  const tables = new Map<string, PgTable>();
  const files = fs.readdirSync(schemaDir).filter((name) => /\.[jt]s$/.test(name) && !name.endsWith('.d.ts'));
  for (const file of files.sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(schemaDir, file)).href);
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.set(getTableName(value), value);
  }
  return tables;
};
