import type { FilterKind } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import { z } from 'zod';
import type { Option } from './field-descriptor';
import { humanise } from './words';

/** The values of a z.enum as options; anything else has none. */
export const enumOptions = (schema: unknown): Option[] | undefined =>
  schema instanceof z.ZodEnum
    ? (schema.options as (string | number)[]).map((v) => ({ value: String(v), label: humanise(String(v)) }))
    : undefined;

/** The filters a list offers without being told: each value filter whose values are an enum. */
export const enumFiltersOf = (resource: ResourceDefinition) =>
  Object.entries(resource.filters as Record<string, FilterKind>).flatMap(([key, filter]) => {
    const options = filter.kind === 'value' ? enumOptions(filter.schema) : undefined;
    return options ? [{ key, label: humanise(key), options }] : [];
  });
