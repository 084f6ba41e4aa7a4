import { Button, Checkbox, MultiSelect, Select, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { comboboxProps } from '../../kit/combobox';
import { experienceOptions, jobTypeOptions, postedWithinOptions, salaryRangeOptions, workModelOptions } from '../board/lookup-options';
import { useIndustries } from '../board/use-industries';
import { filterCount, type SearchState } from './search-params';

type Filters = Pick<SearchState, 'types' | 'models' | 'industries' | 'experience' | 'salary' | 'posted'>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={8}>
    <Title order={3} fz="sm" fw={650}>
      {title}
    </Title>
    {children}
  </Stack>
);

const Checks = ({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}) => (
  <Checkbox.Group aria-label={label} value={value} onChange={onChange}>
    <Stack gap={6}>
      {options.map((option) => (
        <Checkbox key={option.value} value={option.value} label={option.label} size="sm" />
      ))}
    </Stack>
  </Checkbox.Group>
);

/** The narrowing filters of the search; each change searches again from the first page. */
export const SearchFilters = ({ state, onChange }: { state: SearchState; onChange: (filters: Partial<Filters>) => void }) => {
  const industries = useIndustries();
  return (
    <Stack gap="lg">
      <Section title="Job type">
        <Checks label="Job type" options={jobTypeOptions} value={state.types} onChange={(types) => onChange({ types })} />
      </Section>
      <Section title="Work model">
        <Checks label="Work model" options={workModelOptions} value={state.models} onChange={(models) => onChange({ models })} />
      </Section>
      <Select
        label="Salary"
        placeholder="Any salary"
        data={salaryRangeOptions}
        value={state.salary || null}
        onChange={(salary) => onChange({ salary: salary ?? '' })}
        clearable
        comboboxProps={comboboxProps}
      />
      <Select
        label="Posted"
        placeholder="Any time"
        data={postedWithinOptions}
        value={state.posted || null}
        onChange={(posted) => onChange({ posted: posted ?? '' })}
        clearable
        comboboxProps={comboboxProps}
      />
      <MultiSelect
        label="Industry"
        placeholder={state.industries.length ? undefined : 'Any industry'}
        data={industries.options}
        value={state.industries}
        onChange={(value) => onChange({ industries: value })}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="Nothing found"
        comboboxProps={comboboxProps}
      />
      <Section title="Experience">
        <Checks
          label="Experience"
          options={experienceOptions}
          value={state.experience}
          onChange={(experience) => onChange({ experience })}
        />
      </Section>
      {filterCount(state) > 0 && (
        <Button
          variant="subtle"
          onClick={() => onChange({ types: [], models: [], industries: [], experience: [], salary: '', posted: '' })}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
};
