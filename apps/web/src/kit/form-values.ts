import type { FieldDescriptor, FieldValue, FormValues } from './field-descriptor';

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

const toFieldValue = (field: FieldDescriptor, value: unknown): FieldValue => {
  if (field.kind === 'switch') return Boolean(value);
  if (field.kind === 'multiselect') return Array.isArray(value) ? value.map(String) : [];
  return value === null || value === undefined ? '' : String(value);
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
    if (typeof value === 'string') {
      const text = field.kind === 'password' ? value : value.trim();
      if (text === '' && emptyStrings === 'omit') continue;
      setPath(payload, field.name, text);
    } else {
      setPath(payload, field.name, value);
    }
  }
  return payload;
};
