import { z } from 'zod';
import { enumOptions } from './enum-options';
import type { Option } from './field-descriptor';

/** What a zod schema holds, in the terms a screen shows it in; `other` is anything a screen cannot show by itself (a union, a literal). */
export type SchemaKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'url'
  | 'date'
  | 'dateTime'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'enumList'
  | 'textList'
  | 'list'
  | 'object'
  | 'image'
  | 'other';

export type SchemaFacts = {
  kind: SchemaKind;
  /** From `.meta({ label })`, else `.describe()`, on the schema or anything wrapping it. */
  label?: string;
  /** The values of an enum (or of a list of them), with readable labels. */
  options?: Option[];
  /** Leaving it out passes: optional, or with a default. */
  optional: boolean;
  /** The value a create starts from (a `.default()`). */
  defaultValue?: unknown;
};

/** Text that may be longer than this is edited in a text area and wraps in a table (a link of 500 stays one line). */
const longTextFrom = 500;

const wrapperTypes = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'lazy']);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  defaultValue?: unknown;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const labelOf = (schema: z.ZodType) => {
  const meta = z.globalRegistry.get(schema) as { label?: unknown; description?: unknown } | undefined;
  if (typeof meta?.label === 'string') return meta.label;
  if (typeof meta?.description === 'string') return meta.description;
  return schema.description;
};

/**
 * Peels what only changes whether or how a value is sent (optional, nullable, default, a transform after it)
 * down to the schema of the value a person gives; a pipe's output still says the text's format (an email).
 */
const peel = (schema: z.ZodType) => {
  let label: string | undefined;
  let defaultValue: unknown;
  let format: string | undefined;
  let current = schema;
  let previous = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    // An unwrapping that leads to no schema (a lazy schema not yet defined) stops at the last one.
    if (!current || !('_zod' in current)) {
      current = previous;
      break;
    }
    previous = current;
    label ??= labelOf(current);
    const def = defOf(current);
    if (def.type === 'default' && defaultValue === undefined) {
      defaultValue = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    }
    if (def.type === 'lazy' && def.getter) current = def.getter();
    else if (wrapperTypes.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      const out = def.out as unknown as { format?: string | null };
      if (typeof out.format === 'string') format ??= out.format;
      current = def.in;
    } else break;
  }
  return { core: current, label, defaultValue, format };
};

const kindOfString = (schema: z.ZodType, format: string | undefined): SchemaKind => {
  const text = schema as unknown as { format?: string | null; maxLength?: number | null };
  switch (format ?? text.format ?? undefined) {
    case 'email':
      return 'email';
    case 'url':
      return 'url';
    case 'date':
      return 'date';
    case 'datetime':
      return 'dateTime';
    default:
      return text.maxLength != null && text.maxLength > longTextFrom ? 'longText' : 'text';
  }
};

/** An uploaded file's reference (the contract's `uploadedFile`): on a form, a picture to choose. */
const isUploadedFileShape = (schema: z.ZodType) =>
  schema instanceof z.ZodObject && 'blobName' in schema.shape && 'mimeType' in schema.shape;

/** What a schema holds and how a screen names and shows it. */
export const schemaFacts = (schema: z.ZodType): SchemaFacts => {
  const { core, label, defaultValue, format } = peel(schema);
  const optional = schema.safeParse(undefined).success;
  const base = { label, optional, defaultValue };
  const type = defOf(core).type;
  if (type === 'string') return { ...base, kind: kindOfString(core, format) };
  if (type === 'number' || type === 'int' || type === 'bigint') return { ...base, kind: 'number' };
  if (type === 'boolean') return { ...base, kind: 'boolean' };
  if (type === 'enum') return { ...base, kind: 'enum', options: enumOptions(core) };
  if (type === 'object' && isUploadedFileShape(core)) return { ...base, kind: 'image' };
  if (type === 'object' || type === 'record') return { ...base, kind: 'object' };
  if (type === 'array') {
    const element = peel(defOf(core).element as z.ZodType).core;
    const elementType = defOf(element).type;
    if (elementType === 'enum') return { ...base, kind: 'enumList', options: enumOptions(element) };
    if (elementType === 'string') return { ...base, kind: 'textList' };
    return { ...base, kind: 'list' };
  }
  return { ...base, kind: 'other' };
};

/** The keys of an object schema (through `.strict()`, a refinement or a transform after it); none for anything else. */
export const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => {
  const { core } = peel(schema);
  return core instanceof z.ZodObject ? (core.shape as Record<string, z.ZodType>) : {};
};
