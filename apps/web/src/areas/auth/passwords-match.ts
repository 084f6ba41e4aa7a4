import type { FormValues } from '../../kit/field-descriptor';

/** A password typed twice must match; the API sees only one, so this check lives here. */
export const passwordsMatch = (password: string, confirmation: string) => (values: FormValues) =>
  values[password] !== '' && values[password] !== values[confirmation]
    ? { [confirmation]: 'The passwords do not match' }
    : ({} as Record<string, string>);
