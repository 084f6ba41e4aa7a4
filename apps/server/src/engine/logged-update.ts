import { eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { Caller } from './context';
import { changedFields, type EntityLogAction, writeEntityLog } from './entity-log';

type Row = Record<string, unknown> & { id: string };

/**
 * An update outside a resource repository (a flag on a sibling, a copied name, an account field)
 * that still leaves one entity-log row per changed record, in the caller's transaction. Fields named
 * in `secret` are logged as changed without their values.
 */
export const loggedUpdate = async (
  db: Executor,
  input: {
    caller: Caller | null;
    table: PgTable;
    entityType: string;
    where: SQL;
    values: Record<string, unknown>;
    action?: EntityLogAction;
    secret?: readonly string[];
  },
) => {
  const columns = getTableColumns(input.table) as Record<string, PgColumn>;
  const keys = Object.keys(input.values).filter((key) => key in columns);
  const selection = Object.fromEntries(
    ['id', 'itemId', 'organisationId', ...keys].filter((key) => key in columns).map((key) => [key, columns[key] as PgColumn]),
  );
  const before = (await db.select(selection).from(input.table).where(input.where)) as Row[];
  if (before.length === 0) return [];
  const ids = before.map((row) => row.id);
  const after = (await db
    .update(input.table)
    .set(input.values)
    .where(inArray(columns.id as PgColumn, ids))
    .returning(selection)) as Row[];
  const beforeById = new Map(before.map((row) => [row.id, row]));
  const hide = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, input.secret?.includes(key) ? '[changed]' : value]));
  for (const row of after) {
    const old = beforeById.get(row.id) ?? row;
    const { from, to } = changedFields(
      Object.fromEntries(keys.map((key) => [key, old[key]])),
      Object.fromEntries(keys.map((key) => [key, row[key]])),
    );
    if (Object.keys(to).length === 0) continue;
    await writeEntityLog(db, {
      caller: input.caller,
      organisationId: (row.organisationId as string | null | undefined) ?? null,
      entityType: input.entityType,
      action: input.action ?? 'UPDATE',
      record: { _id: row.id, itemId: (row.itemId as never) ?? null },
      from: hide(from),
      to: hide(to),
    });
  }
  return after;
};

/** One record by id: the common case. */
export const byId = (table: PgTable, id: string) => eq((getTableColumns(table) as Record<string, PgColumn>).id as PgColumn, id);
