import type { FieldError } from '@app/contract/conventions/envelope';
import type { z } from 'zod';
import { badRequest } from './errors';

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

export const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const where = fieldOf(issue.path);
      return {
        field: where ? `${where}.${issue.keys[0]}` : (issue.keys[0] ?? ''),
        message: `Unknown field: ${issue.keys.join(', ')}`,
      };
    }
    return { field: fieldOf(issue.path), message: issue.message };
  });

/** Parses input with the call's schema; the first failing rule's message heads a 400. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(errors[0]?.message ?? 'Invalid input', errors);
};
