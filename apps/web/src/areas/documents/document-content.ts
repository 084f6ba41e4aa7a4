import { z } from 'zod';

/** Builders give each list entry a key of their own, so React keeps an entry's inputs while it moves. */
export type Keyed = { _key: string };

let lastKey = 0;
export const newKey = () => {
  lastKey += 1;
  return `entry-${lastKey}`;
};

export const withKeys = <T extends object>(entries: readonly T[] | null | undefined): (T & Keyed)[] =>
  (entries ?? []).map((entry) => ({ ...entry, _key: newKey() }));

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** Inside objects and lists an empty input is left out: they are replaced whole, so absent means empty. */
const cleaned = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((item) => !isBlank(item)).map(cleaned);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, item]) => key !== '_key' && !isBlank(item) && item !== undefined)
        .map(([key, item]) => [key, cleaned(item)]),
    );
  }
  return value;
};

/**
 * A builder's draft as the API takes it. At the top an empty input is sent as null where the field
 * may be null (so an update clears it), left out where it has a default, and otherwise sent empty,
 * so the server answers with the field's own message ("Please enter designation").
 */
export const documentPayload = (schema: z.ZodObject, draft: Record<string, unknown>) => {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    if (!isBlank(value)) payload[key] = cleaned(value);
    else if (field?.safeParse(null).success) payload[key] = null;
    else if (!field?.safeParse(undefined).success) payload[key] = '';
  }
  return payload;
};

/**
 * What a template can draw from a draft that is not valid yet: every part that passes the schema
 * is taken as parsed (defaults filled in), and a part that does not is taken as typed, so the
 * preview follows the person as they type instead of waiting for a valid document.
 */
export const previewContent = (schema: z.ZodType, value: unknown): unknown => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return value === null || value === undefined ? undefined : previewContent(schema.unwrap() as z.ZodType, value);
  }
  if (schema instanceof z.ZodPipe) return previewContent(schema.in as z.ZodType, value);
  if (schema instanceof z.ZodObject && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, previewContent(field as z.ZodType, record[key])]));
  }
  if (schema instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => previewContent(schema.element as z.ZodType, item));
  // A required text not typed yet prints as nothing, not as "undefined".
  if (value === undefined && schema instanceof z.ZodString) return '';
  return value;
};

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text (the profile's "about") as the paragraphs a rich-text editor holds. */
export const textToHtml = (text: string | null | undefined) =>
  (text ?? '')
    .split(/\n{2,}|\r\n\r\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The words of simple HTML, for a menu item or a card. */
export const htmlToText = (html: string) => {
  const doc = new DOMParser().parseFromString(html.replace(/<\/p>\s*<p>/g, '</p> <p>'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
};
