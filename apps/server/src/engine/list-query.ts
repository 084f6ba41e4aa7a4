import type { FilterKind, ListRequest, ListResult } from '@app/contract/conventions/list';
import { maxAllRows } from '@app/contract/conventions/list';
import { and, type Column, desc, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A searchable text: a column, or a dotted path into a JSON column ("name.fullName"). */
export const textExpression = (table: PgTable, path: string): SQL => {
  const [columnKey, ...inside] = path.split('.');
  const column = getTableColumns(table)[columnKey as string];
  if (!column) throw new Error(`No column ${columnKey} on ${String(table)} for search path ${path}`);
  if (inside.length === 0) return sql`${column}::text`;
  return sql`${column} #>> ${`{${inside.join(',')}}`}`;
};

/** A list's search words: split at white space, at most eight (an index answering a list splits them the same way). */
export const listSearchWords = (search: string) => search.trim().split(/\s+/).filter(Boolean).slice(0, 8);

/** Every word must appear in at least one of the fields, in any order, ignoring case. */
export const searchCondition = (table: PgTable, fields: readonly string[], search: string): SQL | undefined => {
  const words = listSearchWords(search);
  if (words.length === 0 || fields.length === 0) return undefined;
  const expressions = fields.map((field) => textExpression(table, field));
  return and(...words.map((word) => or(...expressions.map((e) => sql`${e} ilike ${`%${escapeLike(word)}%`}`))));
};

const isJsonColumn = (column: Column) => column.dataType === 'json';

export const filterConditions = (table: PgTable, filters: Record<string, FilterKind>, filter: Record<string, unknown>): SQL[] => {
  const columns = getTableColumns(table);
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || !filters[key]) continue;
    const column = columns[key];
    if (!column) throw new Error(`Filter ${key} has no column`);
    if (filters[key].kind === 'dateRange') {
      const range = value as { from?: string; to?: string };
      if (range.from) conditions.push(gte(column, new Date(range.from)));
      if (range.to) conditions.push(lte(column, new Date(range.to)));
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) continue;
    if (filters[key].kind === 'relatedTo') {
      // A related-to list matches when any of its entries names one of the ids.
      conditions.push(or(...values.map((v) => sql`${column} @> ${JSON.stringify([{ _id: v }])}::jsonb`)) as SQL);
    } else if (isJsonColumn(column)) {
      // A JSON array column matches when it holds any of the values.
      conditions.push(or(...values.map((v) => sql`${column} @> ${JSON.stringify([v])}::jsonb`)) as SQL);
    } else {
      conditions.push(values.length === 1 ? sql`${column} = ${values[0]}` : inArray(column, values));
    }
  }
  return conditions;
};

export const pageOf = <T>(rows: T[], total: number, request: ListRequest): ListResult<T> => {
  const limit = request.limit === 'ALL' ? Math.max(total, 1) : request.limit;
  const page = request.limit === 'ALL' ? 1 : request.page;
  const from = rows.length === 0 ? 0 : (page - 1) * limit + 1;
  return {
    results: rows,
    totalResults: total,
    totalPages: total === 0 ? 0 : Math.ceil(total / limit),
    page,
    resultsInCurrentPage: rows.length,
    fromTo: { from, to: rows.length === 0 ? 0 : from + rows.length - 1 },
  };
};

/**
 * One page of a table's rows: the conditions ANDed, newest first, with the total counted in the same
 * query. `ALL` returns every match up to the cap.
 */
export const listRows = async <Row>(
  db: Executor,
  input: {
    table: PgTable;
    selection?: Record<string, PgColumn | SQL>;
    /** Another table the selection reads from, joined one-to-one. */
    join?: { table: PgTable; on: SQL };
    where: (SQL | undefined)[];
    request: ListRequest;
    orderBy?: SQL[];
  },
): Promise<ListResult<Row>> => {
  const { table, request } = input;
  const columns = getTableColumns(table);
  const limit = request.limit === 'ALL' ? maxAllRows : request.limit;
  const offset = request.limit === 'ALL' ? 0 : (request.page - 1) * request.limit;
  const where = and(...input.where.filter(Boolean));
  const orderBy = input.orderBy ?? [desc(columns.createdAt as Column), desc(columns.id as Column)];
  const select = db.select({ ...(input.selection ?? columns), totalCount: sql<number>`count(*) over()`.mapWith(Number) }).from(table);
  const joined = input.join ? select.innerJoin(input.join.table, input.join.on) : select;
  const rows = (await joined
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)) as (Row & { totalCount: number })[];
  let total = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && offset > 0) {
    const count = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
    const [row] = await (input.join ? count.innerJoin(input.join.table, input.join.on) : count).where(where);
    total = row?.n ?? 0;
  }
  for (const row of rows) delete (row as { totalCount?: number }).totalCount;
  return pageOf(rows as Row[], total, request);
};
