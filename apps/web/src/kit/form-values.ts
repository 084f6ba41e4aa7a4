import type { UploadedFile } from '@app/contract/conventions/common';
import type { FieldDescriptor, FieldValue, FormValues } from './field-descriptor';

export const isUploadedFile = (value: unknown): value is UploadedFile =>
  Boolean(value) && typeof value === 'object' && typeof (value as { blobName?: unknown }).blobName === 'string';

export const getPath = (source: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);

const setPath = (target: Record<string, unknown>, path: string, value: unknown) => {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
};

/** A stored date or timestamp as the YYYY-MM-DD a date input holds, in the person's own time zone. */
export const dateOnly = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** A stored timestamp as a `datetime-local` input holds it: the person's own time, to the minute. */
export const localDateTime = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dateOnly(value)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** What a `datetime-local` input holds (the person's own time) as the instant the API takes; anything else goes as typed. */
const instantOf = (text: string) => {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
};

/** A related-to entry as a `related` field holds it ("Candidate:<id>"), and back. */
export const relatedToken = (entry: { entityType: string; _id: string }) => `${entry.entityType}:${entry._id}`;
const relatedOf = (token: string) => {
  const at = token.lastIndexOf(':');
  return { entityType: token.slice(0, at), _id: token.slice(at + 1) };
};

const toFieldValue = (field: FieldDescriptor, value: unknown): FieldValue => {
  if (field.kind === 'switch') return Boolean(value);
  if (field.kind === 'related') return Array.isArray(value) ? value.map(relatedToken) : [];
  if (field.kind === 'multiselect' || field.kind === 'tags') return Array.isArray(value) ? value.map(String) : [];
  if (field.kind === 'date') return dateOnly(value);
  if (field.kind === 'dateTime') return localDateTime(value);
  if (field.kind === 'image') return isUploadedFile(value) ? value : '';
  return value === null || value === undefined ? '' : String(value);
};

/** "45,000" is 45000; anything else that is not a number goes as typed, and the server says what is wrong. */
const asNumber = (text: string) => {
  const number = Number(text.replace(/[,£\s]/g, ''));
  return Number.isFinite(number) ? number : text;
};

/** The form's starting values, read from a record (edit) or from defaults (create). */
export const initialValuesOf = (fields: readonly FieldDescriptor[], source: unknown): FormValues =>
  Object.fromEntries(fields.map((field) => [field.name, toFieldValue(field, getPath(source, field.name))]));

/**
 * The payload the API takes. A create leaves out empty text so optional fields stay absent; an edit
 * keeps it, so clearing a field clears it on the server.
 */
export const payloadOf = (fields: readonly FieldDescriptor[], values: FormValues, emptyStrings: 'omit' | 'keep') => {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.showIf && !field.showIf(values)) continue;
    if (field.kind === 'related') {
      setPath(payload, field.name, Array.isArray(value) ? value.map(relatedOf) : []);
      continue;
    }
    if (typeof value === 'string') {
      const text = field.kind === 'password' ? value : value.trim();
      // An empty number is no value at all; an empty date (or nullable field) in an edit is cleared with null, never ''.
      if (text === '' && (emptyStrings === 'omit' || field.kind === 'number')) continue;
      if (text === '' && (field.kind === 'date' || field.kind === 'dateTime' || field.kind === 'image' || field.nullable)) {
        setPath(payload, field.name, null);
      } else if (field.kind === 'number') setPath(payload, field.name, asNumber(text));
      else if (field.kind === 'dateTime') setPath(payload, field.name, instantOf(text));
      else setPath(payload, field.name, text);
    } else {
      setPath(payload, field.name, value);
    }
  }
  return payload;
};
