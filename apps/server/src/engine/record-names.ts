import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { textExpression } from './list-query';
import { type ReferenceTarget, referenceTargets } from './references';

const idPattern = /^[0-9a-f]{24}$/i;

/** Every record id a stored value holds, at any depth (a related-to entry's `_id`, a list of ids, a nested record's). */
export const idsIn = (value: unknown, into = new Set<string>()): Set<string> => {
  if (typeof value === 'string') {
    if (idPattern.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) idsIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) idsIn(inner, into);
  }
  return into;
};

/** A resource whose records a person can be shown by name: it has a label, and it is the organisation's own or the platform's. */
const nameable = (target: ReferenceTarget) => Boolean(target.def.labelField) && target.def.tenancy !== 'owner';

/**
 * The names of the records the ids stand for, found through the registry: every registered resource
 * with a labelField is asked for the ids not yet named (the resources in `first` before the others),
 * an organisation's own only within that organisation. Deleted records keep their names, since a log
 * tells of records that are gone; a long label (a note's text) is cut short. An id no resource knows
 * is left out.
 */
export const recordNames = async (
  db: Executor,
  input: { ids: Iterable<string>; organisationId: string; first?: readonly string[] },
): Promise<Record<string, string>> => {
  const left = new Set(input.ids);
  const names: Record<string, string> = {};
  const first = new Set(input.first ?? []);
  const targets = referenceTargets()
    .filter(nameable)
    .sort((a, b) => Number(first.has(b.def.name)) - Number(first.has(a.def.name)));
  for (const target of targets) {
    if (left.size === 0) break;
    const columns = getTableColumns(target.table);
    const where: SQL[] = [inArray(columns.id as PgColumn, [...left])];
    if (target.def.tenancy === 'organisation') where.push(eq(columns.organisationId as PgColumn, input.organisationId));
    const rows = await db
      .select({ id: columns.id as PgColumn, label: textExpression(target.table, target.def.labelField as string) })
      .from(target.table)
      .where(and(...where));
    for (const row of rows as { id: string; label: string | null }[]) {
      left.delete(row.id);
      if (row.label) names[row.id] = row.label.length > 80 ? `${row.label.slice(0, 79)}…` : row.label;
    }
  }
  return names;
};
