import { formatDateTime, humanise } from '../../kit/words';
import { plainName } from '../common/role-grid';

/** One changed field in words: its name, and the value before and after. */
export type Change = { field: string; before: string; after: string };

/** Bookkeeping every record carries: not what anyone changed. */
const hidden = new Set([
  '_id',
  'id',
  'organisationId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'isDeleted',
  'deletedAt',
  'deletedBy',
  'itemId',
  'passwordHash',
  'password',
]);

const idPattern = /^[0-9a-f]{24}$/i;
const isoDate = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
const enumValue = /^[A-Z][A-Z0-9_]+$/;

/**
 * A stored value as a person reads it: ids by the name of the record they stand for (the server
 * names each entry's records; "another record" when no record of the organisation has it), dates as
 * dates, codes in words, names and numbers of nested records.
 */
export const valueInWords = (value: unknown, names: ReadonlyMap<string, string>): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (idPattern.test(value)) return names.get(value) ?? 'another record';
    if (isoDate.test(value)) return value.length === 10 ? value : formatDateTime(value);
    if (enumValue.test(value)) return humanise(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueInWords(item, names)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['fullName', 'name', 'label', 'title', 'combined', 'value']) {
      if (typeof record[key] === 'string' && record[key] !== '') return valueInWords(record[key], names);
    }
    if (typeof record.first === 'string' || typeof record.last === 'string') return [record.first, record.last].filter(Boolean).join(' ');
    if (typeof record._id === 'string') return valueInWords(record._id, names);
    const parts = Object.entries(record)
      .filter(([key]) => !hidden.has(key))
      .map(([key, inner]) => `${humanise(key)}: ${valueInWords(inner, names)}`);
    return parts.length > 0 ? parts.join('; ') : '—';
  }
  return String(value);
};

/** A field's name in words: "roleIds" → "Roles", "assigneeIds" → "Assignees". */
export const fieldInWords = (field: string) => humanise(field.replace(/Ids$/, 's').replace(/_/g, ' '));

/** The fields an entry changed, before and after, in words; a created record has only "after", a deleted one only "before". */
export const changesOf = (entry: { from?: unknown; to?: unknown }, names: ReadonlyMap<string, string>): Change[] => {
  const from = (entry.from && typeof entry.from === 'object' ? entry.from : {}) as Record<string, unknown>;
  const to = (entry.to && typeof entry.to === 'object' ? entry.to : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((field) => !hidden.has(field));
  return fields
    .map((field) => ({ field: fieldInWords(field), before: valueInWords(from[field], names), after: valueInWords(to[field], names) }))
    .filter((change) => change.before !== change.after);
};

/** A record type in words ("OrganisationStaff" → "Staff"). */
export const entityInWords = (entityType: string) => {
  const plain = plainName(entityType);
  return plain.endsWith('s') && !entityType.endsWith('s') ? plain.slice(0, -1) : plain;
};

/** The record's number and name from the entry's description ("… updated Client CLI-3 Acme" → "CLI-3 Acme"). */
export const recordLabelOf = (entry: { description: string; entityType: string }) => {
  const marker = ` ${entry.entityType} `;
  const at = entry.description.indexOf(marker);
  const label = at >= 0 ? entry.description.slice(at + marker.length) : '';
  return idPattern.test(label) ? '' : label;
};
