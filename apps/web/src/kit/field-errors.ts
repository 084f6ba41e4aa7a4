import type { FieldError } from '@app/contract/conventions/envelope';
import { ApiError, isApiError } from './api';

type Target = { name: string; required?: boolean };

/**
 * Puts each API message beside the input it is about. `roleIds.0` belongs to `roleIds`, and
 * `adminUser` (the whole object missing) to the first required input inside it, or else the first
 * one. What fits nowhere is returned.
 */
export const mapFieldErrors = (errors: readonly FieldError[], fields: readonly Target[]) => {
  const mapped: Record<string, string> = {};
  const unmapped: FieldError[] = [];
  const fieldNames = fields.map((field) => field.name);
  for (const error of errors) {
    const inside = fields.filter((field) => error.field !== '' && field.name.startsWith(`${error.field}.`));
    const target =
      fieldNames.find((name) => name === error.field) ??
      fieldNames.find((name) => error.field.startsWith(`${name}.`)) ??
      (inside.find((field) => field.required) ?? inside[0])?.name;
    if (target === undefined) unmapped.push(error);
    else mapped[target] ??= error.message;
  }
  return { mapped, unmapped };
};

/**
 * The same failure with its field paths renamed, for forms whose inputs sit at other paths than the
 * payload's (one entry of a list edited alone: `education.2.endDate` is the form's `endDate`).
 * A path the rename answers nothing for is dropped from the field errors (its message stays the general one).
 */
export const renameFieldErrors = (error: unknown, rename: (field: string) => string | undefined) => {
  if (!isApiError(error)) return error;
  const errors = error.errors.flatMap((item) => {
    const field = rename(item.field);
    return field === undefined ? [] : [{ ...item, field }];
  });
  return new ApiError(error.status, error.message, errors);
};
