import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCan } from './can';
import { comboboxProps } from './combobox';
import type { Options, OptionsLoader, ReferenceTarget } from './field-descriptor';
import { ReferencePicker } from './reference-picker';
import { useOptions } from './use-options';

export type FilterControl = {
  key: string;
  label: string;
  /** The choices; a reference's are found by searching the referenced resource instead. */
  options?: Options | OptionsLoader;
  reference?: ReferenceTarget;
  /** What the chosen option sends (a select holds text; a yes/no filter sends a boolean). */
  toFilter?: (value: string) => unknown;
};

/** The list request's filter from the chosen options: empty choices left out, each value as its control sends it. */
export const filterOf = (controls: readonly FilterControl[], chosen: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(chosen)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => {
        const toFilter = controls.find((control) => control.key === key)?.toFilter;
        return [key, toFilter ? toFilter(value) : value];
      }),
  );

export const SearchBox = ({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) => (
  <TextInput
    label="Search"
    placeholder={placeholder ?? 'Type to search'}
    leftSection={<IconSearch size={16} aria-hidden />}
    value={value}
    onChange={(e) => onChange(e.currentTarget.value)}
    type="search"
    style={{ flex: '2 1 14rem' }}
  />
);

/**
 * One filter as a select with "All" as its empty choice; a filter whose options cannot be loaded, or whose
 * referenced resource the user may not list, is left out.
 */
export const FilterSelect = (props: { control: FilterControl; value: string; onChange: (value: string) => void }) =>
  props.control.reference ? <ReferenceFilter {...props} reference={props.control.reference} /> : <OptionsFilter {...props} />;

const ReferenceFilter = ({
  control,
  reference,
  value,
  onChange,
}: {
  control: FilterControl;
  reference: ReferenceTarget;
  value: string;
  onChange: (value: string) => void;
}) => {
  const can = useCan();
  if (!can.do(reference.resource, 'list')) return null;
  return (
    <ReferencePicker
      target={reference}
      label={control.label}
      placeholder="All"
      value={value}
      onChange={(next) => onChange(typeof next === 'string' ? next : '')}
      style={{ flex: '1 1 10rem' }}
    />
  );
};

const OptionsFilter = ({ control, value, onChange }: { control: FilterControl; value: string; onChange: (value: string) => void }) => {
  const { options, error } = useOptions(control);
  if (error) return null;
  return (
    <Select
      label={control.label}
      placeholder="All"
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      searchable
      nothingFoundMessage="Nothing found"
      style={{ flex: '1 1 10rem' }}
      comboboxProps={comboboxProps}
    />
  );
};
