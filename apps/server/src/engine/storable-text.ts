import type { FieldError } from '@app/contract/conventions/envelope';
import { badRequest } from './errors';

/**
 * Text the database cannot keep: PostgreSQL refuses U+0000 in text and jsonb, and a surrogate
 * without its pair is no Unicode at all (jsonb refuses it; text would silently turn it into U+FFFD).
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const nulMessage = 'Text cannot contain the character U+0000';
export const invalidCharactersMessage = 'Text contains invalid characters';

/** Why this text cannot be stored, or null when it can. */
export const unstorableTextReason = (text: string): string | null =>
  text.includes('\u0000') ? nulMessage : loneSurrogate.test(text) ? invalidCharactersMessage : null;

/**
 * Every string in the input (values and keys, at any depth) that cannot be stored, named by its
 * field path. Walked without recursion, so no nesting depth can overflow the stack.
 */
export const unstorableTextErrors = (input: unknown, at = ''): FieldError[] => {
  const errors: FieldError[] = [];
  const pending: { value: unknown; field: string }[] = [{ value: input, field: at }];
  const seen = new Set<object>();
  for (let next = 0; next < pending.length; next++) {
    const { value, field } = pending[next] as { value: unknown; field: string };
    if (typeof value === 'string') {
      const reason = unstorableTextReason(value);
      if (reason) errors.push({ field, message: reason });
      continue;
    }
    if (!value || typeof value !== 'object' || seen.has(value) || Buffer.isBuffer(value)) continue;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      const keyReason = unstorableTextReason(key);
      if (keyReason) errors.push({ field: path, message: keyReason });
      pending.push({ value: child, field: path });
    }
  }
  return errors;
};

/** A 400 naming every field whose text cannot be stored; checked before any schema sees the input. */
export const rejectUnstorableText = (input: unknown, at = '') => {
  const errors = unstorableTextErrors(input, at);
  if (errors.length > 0) throw badRequest((errors[0] as FieldError).message, errors);
};
