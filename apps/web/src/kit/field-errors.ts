import type { FieldError } from '@app/contract/conventions/envelope';

/**
 * Puts each API message beside the input it is about. `roleIds.0` belongs to `roleIds`, and `name`
 * (the whole object missing) to the first of `name.first`, `name.last`. What fits nowhere is returned.
 */
export const mapFieldErrors = (errors: readonly FieldError[], fieldNames: readonly string[]) => {
  const mapped: Record<string, string> = {};
  const unmapped: FieldError[] = [];
  for (const error of errors) {
    const target =
      fieldNames.find((name) => name === error.field) ??
      fieldNames.find((name) => error.field.startsWith(`${name}.`)) ??
      fieldNames.find((name) => error.field !== '' && name.startsWith(`${error.field}.`));
    if (target === undefined) unmapped.push(error);
    else mapped[target] ??= error.message;
  }
  return { mapped, unmapped };
};
