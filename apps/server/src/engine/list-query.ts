import type { FilterKind, ListRequest, ListResult, ListSort } from '@app/contract/conventions/list';
import { maxAllRows } from '@app/contract/conventions/list';
import { searchGroups, tooManyAlternatives } from '@app/contract/conventions/search';
import { and, type Column, desc, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { badRequest } from './errors';

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A searchable text: a column, or a dotted path into a JSON column ("name.fullName"). */
export const textExpression = (table: PgTable, path: string): SQL => {
  const [columnKey, ...inside] = path.split('.');
  const column = getTableColumns(table)[columnKey as string];
  if (!column) throw new Error(`No column ${columnKey} on ${String(table)} for search path ${path}`);
  if (inside.length === 0) return sql`${column}::text`;
  return sql`${column} #>> ${`{${inside.join(',')}}`}`;
};

/** The search's alternatives; a search with too many is the caller's 400 (a list request refuses it earlier). */
export const listSearchGroups = (search: string) => {
  try {
    return searchGroups(search);
  } catch {
    throw badRequest(tooManyAlternatives);
  }
};

/**
 * The search's alternatives (`searchGroups`: words, phrases, AND, OR, brackets): a record matches
 * when, for one alternative, each of its terms appears in at least one of the fields, ignoring case.
 */
export const searchCondition = (table: PgTable, fields: readonly string[], search: string): SQL | undefined => {
  const groups = listSearchGroups(search);
  if (groups.length === 0 || fields.length === 0) return undefined;
  const expressions = fields.map((field) => textExpression(table, field));
  const allOf = (terms: string[]) => and(...terms.map((term) => or(...expressions.map((e) => sql`${e} ilike ${`%${escapeLike(term)}%`}`))));
  return groups.length === 1 ? allOf(groups[0] as string[]) : or(...groups.map(allOf));
};

/** Whether a sortable field is a date (ordered as it is) rather than a text (ordered in lower case). */
export const isDateField = (table: PgTable, field: string) => getTableColumns(table)[field]?.dataType === 'date';

/**
 * What a list sorted by `field` orders by: a date as it is, a text in lower case (empty as none)
 * compared by code point (collation "C", the same in every database and in a search index's JavaScript).
 */
export const sortKeyExpression = (table: PgTable, field: string): SQL => {
  if (isDateField(table, field)) return sql`${getTableColumns(table)[field]}`;
  return sql`nullif(lower(${textExpression(table, field)}), '')`;
};

/** A sorted list's order: the field (empty ones last either way), then newest first by id. */
export const sortOrder = (table: PgTable, sort: ListSort): SQL[] => {
  const key = isDateField(table, sort.field)
    ? sortKeyExpression(table, sort.field)
    : sql`${sortKeyExpression(table, sort.field)} collate "C"`;
  const columns = getTableColumns(table);
  const id = columns.id as Column;
  // A date that is never empty (a creation time) orders as its index does, so a page is read from the index.
  if (isDateField(table, sort.field) && columns[sort.field]?.notNull)
    return [sort.direction === 'asc' ? sql`${key} asc` : sql`${key} desc`, desc(id)];
  return [sort.direction === 'asc' ? sql`${key} asc nulls last` : sql`${key} desc nulls last`, desc(id)];
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

export const pageOf = <T>(rows: T[], total: number, request: Omit<ListRequest, 'sort'> & { sort?: unknown }): ListResult<T> => {
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
 * One page of a table's rows: the conditions ANDed, newest first. `ALL` returns every match up to the cap.
 *
 * The total is counted by a subquery the database runs once, beside the page rather than over it: a
 * count over the rows (`count(*) over()`) carries every match, each with its wide columns, through
 * the count and the sort, spilling to disk on a big organisation. The selection's own subqueries
 * (expanded references) run for the page's rows only.
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
  const orderBy = request.sort
    ? sortOrder(table, request.sort)
    : (input.orderBy ?? [desc(columns.createdAt as Column), desc(columns.id as Column)]);
  const from = <Q extends { innerJoin: (table: PgTable, on: SQL) => unknown }>(query: Q) =>
    (input.join ? query.innerJoin(input.join.table, input.join.on) : query) as Q;
  const counted = from(db.select({ n: sql`count(*)` }).from(table)).where(where);
  const rows = (await from(
    db.select({ ...(input.selection ?? columns), totalCount: sql<number>`(${counted})`.mapWith(Number) }).from(table),
  )
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)) as (Row & { totalCount: number })[];
  let total = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await counted;
    total = Number(row?.n ?? 0);
  }
  for (const row of rows) delete (row as { totalCount?: number }).totalCount;
  return pageOf(rows as Row[], total, request);
};
