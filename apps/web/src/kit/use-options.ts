import { useQuery } from '@tanstack/react-query';
import type { FieldDescriptor, FormValues, Options } from './field-descriptor';
import { isOptionsLoader } from './field-descriptor';

/** A field's options: given, or loaded (and cached) once the fields they depend on have values. */
export const useOptions = (field: Pick<FieldDescriptor, 'options'>, values: FormValues = {}) => {
  const loader = isOptionsLoader(field.options) ? field.options : undefined;
  const dependencies = Object.fromEntries((loader?.dependsOn ?? []).map((name) => [name, String(values[name] ?? '')]));
  const waiting = Object.values(dependencies).some((value) => value === '');
  const query = useQuery({
    queryKey: ['options', loader?.key, dependencies],
    queryFn: () => (loader as NonNullable<typeof loader>).load(dependencies),
    enabled: Boolean(loader) && !waiting,
    staleTime: 30_000,
    retry: false,
  });
  const given = loader ? undefined : (field.options as Options | undefined);
  return {
    options: given ?? query.data ?? [],
    loading: Boolean(loader) && !waiting && query.isPending,
    waiting: Boolean(loader) && waiting,
    error: query.error,
  };
};
