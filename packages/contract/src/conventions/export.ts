import type { z } from 'zod';
import type { ResourceDefinition } from '../define-resource';
import { listRequest } from './list';

/** Rows an export reads per query: a page at a time, written as it comes, so no export sits in memory. */
export const exportPageSize = 1000;

/** An export's input: the list's search and filter, nothing about pages. */
export const exportRequest = (def: Pick<ResourceDefinition, 'filters'>) =>
  listRequest(def.filters).pick({ search: true, filter: true }).strict();

/** One column of a CSV export: its header and where its value is read in a record as the list answers it. */
export type ExportColumn = { key: string; header: string; read: 'value' | 'label' | 'itemId' };

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The type of the value a field holds, past optional, nullable, default and transforms. */
const valueType = (schema: z.ZodType): string => {
  let current = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    const def = defOf(current);
    if (wrappers.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'array' && def.element) return `array:${valueType(def.element)}`;
    else return def.type;
  }
  return 'unknown';
};

const cellTypes = new Set(['string', 'number', 'boolean', 'enum', 'date', 'literal', 'bigint']);

const headerOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/**
 * The columns a resource exports, the ones its list shows: its reference number, then each field of
 * one value or a list of values, a reference as the label the server expands; objects and ids that
 * are not expanded references stay out, and so do the fields the definition never exports.
 */
export const exportColumns = (
  def: Pick<ResourceDefinition, 'fields' | 'references' | 'neverExported' | 'itemIdPrefix' | 'computed' | 'labelField' | 'exportColumns'>,
): ExportColumn[] => {
  if (def.exportColumns) return [...def.exportColumns];
  const columns: ExportColumn[] = def.itemIdPrefix ? [{ key: 'itemId', header: 'Reference', read: 'itemId' }] : [];
  // A label inside an object (a person's "name.fullName") is the one part of that object a list shows.
  const [labelRoot] = def.labelField?.split('.') ?? [];
  if (def.labelField?.includes('.') && labelRoot) columns.push({ key: def.labelField, header: headerOf(labelRoot), read: 'value' });
  for (const [key, schema] of Object.entries(def.fields.shape as Record<string, z.ZodType>)) {
    // Computed fields come from a custom list's own queries, which an export does not run.
    if (def.neverExported?.includes(key) || def.computed?.includes(key)) continue;
    const reference = def.references?.[key];
    if (reference) {
      if (reference.expandAs) columns.push({ key: reference.expandAs, header: headerOf(key.replace(/Ids?$/, '')), read: 'label' });
      continue;
    }
    if (/Ids?$/.test(key)) continue;
    const type = valueType(schema);
    if (cellTypes.has(type) || cellTypes.has(type.replace(/^array:/, ''))) columns.push({ key, header: headerOf(key), read: 'value' });
  }
  columns.push({ key: 'createdAt', header: 'Created at', read: 'value' });
  return columns;
};

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(text).join('; ');
  if (typeof value === 'object') {
    const { label, name, combined } = value as { label?: unknown; name?: unknown; combined?: unknown };
    return text(combined ?? label ?? name ?? '');
  }
  return String(value);
};

/**
 * Digits with spaces, brackets and the signs only ("+44 7700 900123", "-12"): a spreadsheet may do
 * sums with them but calls nothing, so a phone number is written as it is and re-imports unchanged.
 */
const onlyNumbers = /^[+-][\d ()+-]*$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled; a cell
 * a spreadsheet would read as a formula (=, +, -, @, a tab or carriage return first) gets a leading
 * apostrophe, so an exported name like "=HYPERLINK(...)" stays text. Numbers and phone numbers
 * starting with + or - are not formulas that can do harm, and keep their first character.
 */
export const csvCell = (value: unknown): string => {
  let cell = text(value);
  if (/^[=+\-@\t\r]/.test(cell) && !(onlyNumbers.test(cell) && /\d/.test(cell))) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/** One CSV line, ended by CRLF as RFC 4180 has it. */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A record's cells in the export's columns. */
export const exportCells = (columns: readonly ExportColumn[], record: Record<string, unknown>) =>
  columns.map((column) =>
    column.key.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], record),
  );

export const exportHeaderLine = (columns: readonly ExportColumn[]) => csvLine(columns.map((column) => column.header));
