import { maxAllRows } from '@app/contract/conventions/list';
import { type LinkedRecord, linkedRecords } from '@app/contract/resources/crm/linked-records';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { readScopes } from '../../engine/access';
import type { Caller, Scope } from '../../engine/context';
import { badRequest, notFound } from '../../engine/errors';
import { pageOf, textExpression } from '../../engine/list-query';
import { type ReferenceTarget, referenceTarget, referenceTargets } from '../../engine/references';
import { registerCall } from '../../engine/register-call';

type Row = {
  found: boolean;
  entity_type: string | null;
  id: string | null;
  label: string | null;
  created_at: Date | string | null;
  item_id: LinkedRecord['itemId'];
  total: number | string | null;
};

/** Every resource with a related-to list: events, call logs and emails join by being registered. */
const linkingResources = () => referenceTargets().filter((target) => target.def.relatedTo && target.def.tenancy === 'organisation');

/** One arm of the union: the rows of one resource whose related-to list names the record, in scope. */
const linkedFrom = (target: ReferenceTarget, scope: Scope, record: { entityType: string; _id: string }): SQL => {
  const columns = getTableColumns(target.table);
  const column = (key: string) => columns[key] as PgColumn;
  const label = target.def.labelField ? sql`left(${textExpression(target.table, target.def.labelField)}, 200)` : sql`null::text`;
  const itemId = columns.itemId ? sql`${column('itemId')}` : sql`null::jsonb`;
  const named = sql`${column(target.def.relatedTo as string)} @> ${JSON.stringify([record])}::jsonb`;
  return sql`select ${target.def.name}::text as entity_type, ${column('id')} as id, ${label} as label,
    ${column('createdAt')} as created_at, ${itemId} as item_id from ${target.table} where ${and(named, ...target.scopeWhere(scope))}`;
};

/**
 * `POST /crm/linked-records`: what is linked to one record, newest first, as ONE statement: whether
 * the record exists in the caller's organisation, left-joined to a page of the UNION ALL of every
 * readable linking resource (with the total counted over it). Not in a transaction: it only reads.
 */
export const registerLinkedRecords = (app: FastifyInstance) => {
  registerCall(app, { ...linkedRecords, transaction: false }, async ({ db, caller, scope, input }) => {
    const target = referenceTarget(input.entityType);
    if (target?.def.tenancy !== 'organisation') {
      const message = `Unknown related entity type "${input.entityType}"`;
      throw badRequest(message, [{ field: 'entityType', message }]);
    }
    const readable = await readScopes(db, { caller: caller as Caller, scope });
    const record = { entityType: input.entityType, _id: input._id };
    const arms = linkingResources().flatMap((linking) => {
      const within = linking.def.access ? readable(linking.def.access) : null;
      return within ? [linkedFrom(linking, within, record)] : [];
    });
    const union =
      arms.length > 0
        ? sql.join(arms, sql` union all `)
        : sql`select null::text as entity_type, null::text as id, null::text as label, null::timestamptz as created_at, null::jsonb as item_id where false`;
    // The record itself only where the caller may read it (their organisation, their scope of its
    // module): one of another organisation, out of their scope or of a module they may not read is
    // the same 404 as one that does not exist, so an answer never tells that an id is in use.
    const readableTarget = target.def.access ? readable(target.def.access) : scope;
    if (!readableTarget) throw notFound(target.label);
    const targetColumns = getTableColumns(target.table);
    const exists = sql`select 1 from ${target.table} where ${and(
      eq(targetColumns.id as PgColumn, input._id),
      ...target.scopeWhere(readableTarget),
    )}`;
    const limit = input.limit === 'ALL' ? maxAllRows : input.limit;
    const offset = input.limit === 'ALL' ? 0 : (input.page - 1) * input.limit;
    const result = await db.execute(sql`select target.found, page.* from (select exists(${exists}) as found) as target
      left join lateral (
        select linked.*, count(*) over() as total from (${union}) as linked
        order by linked.created_at desc, linked.id desc limit ${limit} offset ${offset}
      ) as page on target.found`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    if (!rows[0]?.found) throw notFound(target.label);
    const page = rows.filter((row) => row.id !== null);
    const results: LinkedRecord[] = page.map((row) => ({
      entityType: row.entity_type as string,
      _id: row.id as string,
      label: row.label,
      createdAt: new Date(row.created_at as string).toISOString(),
      itemId: row.item_id ?? null,
    }));
    // A page past the end has no row to carry the total: it is then unknown here, and 0 results is right.
    return pageOf(results, Number(page[0]?.total ?? 0), { page: input.page, limit: input.limit, search: '', filter: {} });
  });
};
