import type { FilterKind } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { z } from 'zod';
import type { Option } from './field-descriptor';
import type { FilterControl } from './list-filters';
import { humanise } from './words';

/** The values of a z.enum as options; anything else has none. */
export const enumOptions = (schema: unknown): Option[] | undefined => {
  if (!(schema instanceof z.ZodEnum)) return undefined;
  // The spec's own words for a value when the contract gives them ("Credentials Mail"), else the value in words.
  const labels = (schema.meta() as { optionLabels?: Record<string, string> } | undefined)?.optionLabels;
  return (schema.options as (string | number)[]).map((v) => ({ value: String(v), label: labels?.[String(v)] ?? humanise(String(v)) }));
};

const yesNo: Option[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The filters a list offers without being told: each value filter whose values are an enum, and yes/no ones ("Is verified"). */
export const enumFiltersOf = (resource: ResourceDefinition): FilterControl[] =>
  Object.entries(resource.filters as Record<string, FilterKind>).flatMap(([key, filter]) => {
    if (filter.kind !== 'value') return [];
    if (filter.schema instanceof z.ZodBoolean) {
      return [{ key, label: humanise(key.replace(/^is(?=[A-Z])/, '')), options: yesNo, toFilter: (value: string) => value === 'true' }];
    }
    const options = enumOptions(filter.schema);
    return options ? [{ key, label: humanise(key), options }] : [];
  });
