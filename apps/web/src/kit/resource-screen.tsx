import type { ResourceDefinition } from '@app/contract/define-resource';
import { useMemo } from 'react';
import { deriveColumns } from './derive-columns';
import { deriveDefaults, deriveFields, deriveFilters, nounOf } from './derive-fields';
import type { FieldDescriptor, FormMode } from './field-descriptor';
import { getPath } from './form-values';
import type { FilterControl } from './list-filters';
import { type Column, ResourceList, type ResourceListProps } from './resource-list';
import { type Tailoring, tailor } from './tailor';
import type { RecordOf } from './use-resource';
import { capitalise, plural } from './words';

export type ResourceScreenProps<D extends ResourceDefinition> = Omit<
  ResourceListProps<D>,
  'columns' | 'filters' | 'form' | 'title' | 'noun' | 'rowLabel'
> & {
  /** The page's title; the noun's plural ("Job titles") when absent. */
  title?: string;
  /** One record in words; the definition's name ("job title") when absent. */
  noun?: string;
  /** Names a row; its label field (else its item id) when absent. */
  rowLabel?: (row: RecordOf<D>) => string;
  columns?: Tailoring<Column<RecordOf<D>>>;
  fields?: Tailoring<FieldDescriptor>;
  filters?: Tailoring<FilterControl>;
  /** A create form's starting values beyond the create schema's defaults. */
  defaults?: Record<string, unknown>;
  toPayload?: (payload: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  /** A list without create and edit forms. */
  readOnly?: boolean;
};

const rowLabelOf = (resource: ResourceDefinition, noun: string) => (row: Record<string, unknown>) => {
  const label = resource.labelField ? getPath(row, resource.labelField) : undefined;
  if (typeof label === 'string' && label !== '') return label;
  const itemId = getPath(row, 'itemId.combined');
  return typeof itemId === 'string' ? itemId : capitalise(noun);
};

/**
 * A resource's list-and-form screen from its definition alone: columns, form fields and filters derived
 * from its schemas (see `deriveColumns`, `deriveFields`, `deriveFilters`), each tailorable without
 * restating the rest, over the kit's list (server search, filters, pages, create and edit in a dialog,
 * delete with confirmation, the API's field messages beside the fields, actions only where allowed).
 *
 *   <ResourceScreen resource={industry} />
 *   <ResourceScreen resource={crmModule} title="CRM modules" fields={{ change: { value: { description: 'A unique code' } } }} />
 */
export const ResourceScreen = <D extends ResourceDefinition>(props: ResourceScreenProps<D>) => {
  const { resource, columns, fields, filters, defaults, toPayload, readOnly, ...list } = props;
  const noun = props.noun ?? nounOf(resource);
  const derived = useMemo(
    () => ({
      columns: tailor(deriveColumns<RecordOf<D>>(resource), (column) => column.key, columns),
      fields: tailor(deriveFields(resource), (field) => field.name, fields),
      filters: tailor(deriveFilters(resource), (filter) => filter.key, filters),
      defaults: { ...deriveDefaults(resource), ...defaults },
    }),
    [resource, columns, fields, filters, defaults],
  );
  const form = useMemo(
    () => (readOnly ? undefined : { fields: derived.fields, defaults: derived.defaults, toPayload }),
    [readOnly, derived, toPayload],
  );
  return (
    <ResourceList
      {...list}
      resource={resource}
      title={props.title ?? capitalise(plural(noun))}
      noun={noun}
      rowLabel={props.rowLabel ?? (rowLabelOf(resource, noun) as (row: RecordOf<D>) => string)}
      columns={derived.columns}
      filters={derived.filters}
      form={form}
    />
  );
};
