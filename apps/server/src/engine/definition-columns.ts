import { systemFieldsOf } from '@app/contract/conventions/record';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Refuses a definition whose fields, search paths, sortable fields or filter keys name no column of its table, so a
 * typo or a dropped column stops the server at startup instead of answering a 500 (or silently
 * nothing) on the first request that reaches it. A key answered by a custom handler (a count, a
 * join) has no column and must be listed in the definition's `computed`.
 */
export const checkDefinitionColumns = (def: ResourceDefinition, table: PgTable) => {
  const columns = getTableColumns(table);
  const computed = new Set(def.computed ?? []);
  const missing: string[] = [];
  const check = (what: string, key: string, column = key) => {
    if (!(column in columns) && !computed.has(key)) missing.push(`${what} "${key}"`);
  };
  for (const key of Object.keys(def.fields.shape)) check('field', key);
  for (const key of systemFieldsOf(def)) check('system field', key);
  // A dotted path reaches into a JSON column: its first segment is the column.
  for (const path of def.search) check('search path', path, path.split('.')[0]);
  for (const path of def.sortable ?? []) {
    if (computed.has(path)) missing.push(`sortable "${path}" (computed: the list cannot order by it)`);
    else check('sortable field', path, path.split('.')[0]);
  }
  for (const key of Object.keys(def.filters)) check('filter', key);
  for (const key of computed) {
    if (key in columns) missing.push(`computed "${key}" (it is a column: remove it from computed)`);
  }
  if (missing.length > 0) {
    throw new Error(
      `Resource ${def.name} (table ${def.table}): ${missing.join(', ')} has no column; add the column or list the key in computed`,
    );
  }
};
