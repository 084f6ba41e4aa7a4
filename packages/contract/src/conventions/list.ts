import { z } from 'zod';
import { isoDate } from './common';
import { mongoId } from './ids';
import { searchIsWithinLimits, tooManyAlternatives } from './search';

export const maxAllRows = 10_000;

export const dateRange = z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict();

/**
 * How a list filter key matches: one value or "any of" an array, an id, a date range, or the id of a
 * record a related-to list names (the notes of one client).
 */
export type FilterKind =
  | { kind: 'value'; schema: z.ZodType<string | number | boolean> }
  | { kind: 'id'; label?: string }
  | { kind: 'dateRange' }
  | { kind: 'relatedTo' };

export const filterValue = (schema: z.ZodType<string | number | boolean>): FilterKind => ({ kind: 'value', schema });
export const filterId = (label?: string): FilterKind => ({ kind: 'id', label });
export const filterDateRange: FilterKind = { kind: 'dateRange' };
export const filterRelatedTo: FilterKind = { kind: 'relatedTo' };

const filterSchemaOf = (key: string, filter: FilterKind): z.ZodType => {
  if (filter.kind === 'dateRange') return dateRange;
  const one = filter.kind === 'value' ? filter.schema : mongoId(filter.kind === 'id' ? (filter.label ?? key) : key);
  return z.union([one, z.array(one)]);
};

export type ListSort = { field: string; direction: 'asc' | 'desc' };

/** A list's order by one of the fields its definition declares sortable; anything else is refused by name. */
const sortSchema = (sortable: readonly string[]) =>
  z
    .object({
      field: z.string({ error: 'sort.field must be a text' }).refine((field) => sortable.includes(field), {
        error: (issue) =>
          sortable.length === 0
            ? 'This list keeps its own order: it cannot be sorted'
            : `This list cannot be sorted by ${String(issue.input)}: sort by ${sortable.join(', ')}`,
      }),
      direction: z.enum(['asc', 'desc'], { error: 'sort.direction must be asc or desc' }).default('asc'),
    })
    .strict();

/**
 * A list call's body: page, limit, the search (words, "phrases", AND, OR and brackets, see
 * `searchGroups`), the definition's filters, and a sort by one of its `sortable` fields.
 */
export const listRequest = (filters: Record<string, FilterKind> = {}, sortable: readonly string[] = []) =>
  z
    .object({
      page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
      limit: z
        .union([z.literal('ALL'), z.coerce.number({ error: 'limit must be a number or ALL' }).int().min(1).max(100)], {
          error: 'limit must be a number from 1 to 100 or ALL',
        })
        .default(10),
      search: z.string().max(200).refine(searchIsWithinLimits, tooManyAlternatives).default(''),
      filter: z
        .object(Object.fromEntries(Object.entries(filters).map(([key, f]) => [key, filterSchemaOf(key, f).optional()])))
        .strict()
        .default({}),
      sort: sortSchema(sortable).optional(),
    })
    .strict();

export type ListRequest = {
  page: number;
  limit: number | 'ALL';
  search: string;
  filter: Record<string, unknown>;
  /** Newest first without it. */
  sort?: ListSort;
};

export type ListResult<T> = {
  results: T[];
  /** How many match; with `totalResultsCapped`, at least this many (the counting stopped there). */
  totalResults: number;
  /** Set by lists that stop counting at a limit (the public job search): there are more than `totalResults`. */
  totalResultsCapped?: boolean;
  totalPages: number;
  page: number;
  resultsInCurrentPage: number;
  fromTo: { from: number; to: number };
};

/** The answer of a list call: a page of `item`s, as `ListResult` describes it. */
export const listResult = <Item extends z.ZodType>(item: Item) =>
  z.object({
    results: z.array(item),
    totalResults: z.number().int(),
    totalResultsCapped: z.boolean().optional(),
    totalPages: z.number().int(),
    page: z.number().int(),
    resultsInCurrentPage: z.number().int(),
    fromTo: z.object({ from: z.number().int(), to: z.number().int() }),
  });
