import type { ListResult } from '@app/contract/conventions/list';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useRef, useState } from 'react';
import { callList } from './api';
import { comboboxProps } from './combobox';
import type { Option, ReferenceTarget } from './field-descriptor';
import { getPath } from './form-values';
import { messageOf } from './notify';

/** How many records one search shows; typing narrows them. */
const pageOfChoices = 20;

type ReferencePickerProps = {
  target: ReferenceTarget;
  multiple?: boolean;
  value: string | string[];
  /** The picked id(s); a single pick also gives the picked record's name. */
  onChange: (value: string | string[], label?: string) => void;
  /** Names of the values the record already holds (its expanded reference), so they read as names before any search. */
  known?: readonly Option[];
  label: string;
  description?: string;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  classNames?: { label: string };
  withAsterisk?: boolean;
  style?: CSSProperties;
};

/**
 * Picks one record (or several) of another resource by searching its list on the server as the person
 * types, named by its label field. What was picked keeps its name while other searches come and go.
 */
export const ReferencePicker = ({ target, multiple, value, onChange, known = [], ...input }: ReferencePickerProps) => {
  const names = useRef(new Map<string, string>());
  for (const option of known) if (!names.current.has(option.value)) names.current.set(option.value, option.label);
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const [search, setSearch] = useState('');
  // A single select shows the picked name as its text: that is no search, so every choice stays offered.
  const typed = !multiple && values[0] && names.current.get(values[0]) === search ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);

  const found = useQuery({
    queryKey: ['options', target.resource.name, 'search', debounced, target.filter ?? {}],
    queryFn: ({ signal }) =>
      callList(target.resource, { search: debounced, limit: pageOfChoices, filter: target.filter ?? {} }, { signal }) as Promise<
        ListResult<Record<string, unknown>>
      >,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const results = (found.data?.results ?? []).map((row) => ({
    value: String(row._id),
    label: String(getPath(row, target.labelField) ?? row._id),
  }));
  for (const option of results) names.current.set(option.value, option.label);
  const picked = values
    .filter((id) => !results.some((option) => option.value === id))
    .map((id) => ({ value: id, label: names.current.get(id) ?? id }));
  const data = [...picked, ...results];

  const common = {
    ...input,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The server searched already (by more than the label, at times): show what it found.
    filter: ({ options }: { options: unknown }) => options as never,
    nothingFoundMessage: found.isFetching ? 'Searching…' : 'Nothing found',
    description: found.error ? `The choices could not be loaded (${messageOf(found.error)}).` : input.description,
    disabled: input.disabled || Boolean(found.error),
    comboboxProps,
    withAsterisk: false,
  };
  return multiple ? (
    <MultiSelect
      {...common}
      value={values}
      onChange={onChange}
      clearable
      hidePickedOptions
      placeholder={input.placeholder ?? (values.length ? undefined : 'Type to search')}
    />
  ) : (
    <Select
      {...common}
      value={values[0] ?? null}
      onChange={(next, option) => onChange(next ?? '', option?.label)}
      clearable={!input.required}
      placeholder={input.placeholder ?? 'Type to search'}
    />
  );
};
