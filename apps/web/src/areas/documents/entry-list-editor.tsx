import { ActionIcon, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type FieldDescriptor, type FieldValue, type FormValues, isShown } from '../../kit/field-descriptor';
import { FieldInput } from '../../kit/field-input';
import { type Keyed, newKey } from './document-content';

/** Moves the entry at `from` one place up (-1) or down (+1). */
export const moved = <T,>(list: readonly T[], from: number, by: -1 | 1) => {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
};

type EntryListEditorProps<Entry extends Keyed> = {
  /** One entry in words ("job", "qualification"). */
  noun: string;
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  blank: () => Omit<Entry, '_key'>;
  /** What names an entry on its card and in its buttons ("Nurse at St James's"). */
  titleOf: (entry: Entry, index: number) => string;
  children: (entry: Entry, index: number, change: (patch: Partial<Entry>) => void) => ReactNode;
};

/**
 * A list inside a builder (jobs, qualifications, projects…): each entry on a card of its own, with
 * buttons to move it up or down and to remove it, and one to add another at the end.
 */
export const EntryListEditor = <Entry extends Keyed>(props: EntryListEditorProps<Entry>) => {
  const { entries, onChange, noun } = props;
  const change = (index: number, patch: Partial<Entry>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const add = () => onChange([...entries, { ...props.blank(), _key: newKey() } as Entry]);

  return (
    <Stack gap="sm">
      {entries.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing here yet. Empty sections are left off the document.
        </Text>
      )}
      {entries.map((entry, index) => {
        const title = props.titleOf(entry, index);
        return (
          <Paper key={entry._key} withBorder radius="md" p="sm" role="group" aria-label={title}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" truncate style={{ minWidth: 0 }}>
                  {title}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <EntryButton
                    name={`Move ${title} up`}
                    tip="Move up"
                    disabled={index === 0}
                    onClick={() => onChange(moved(entries, index, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </EntryButton>
                  <EntryButton
                    name={`Move ${title} down`}
                    tip="Move down"
                    disabled={index === entries.length - 1}
                    onClick={() => onChange(moved(entries, index, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </EntryButton>
                  <EntryButton
                    name={`Remove ${title}`}
                    tip="Remove"
                    colour="red"
                    onClick={() => onChange(entries.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </EntryButton>
                </Group>
              </Group>
              {props.children(entry, index, (patch) => change(index, patch))}
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
};

const EntryButton = (props: {
  name: string;
  tip: string;
  colour?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip label={props.tip} withArrow openDelay={300}>
    <ActionIcon variant="subtle" color={props.colour ?? 'gray'} aria-label={props.name} disabled={props.disabled} onClick={props.onClick}>
      {props.children}
    </ActionIcon>
  </Tooltip>
);

type EntryFieldsProps = {
  fields: readonly FieldDescriptor[];
  entry: Record<string, unknown>;
  onChange: (patch: Record<string, FieldValue>) => void;
  /** The API's messages for this entry, by field name. */
  errors?: Record<string, string>;
};

const asFieldValue = (field: FieldDescriptor, value: unknown): FieldValue => {
  if (field.kind === 'switch') return value === true;
  if (field.kind === 'multiselect') return Array.isArray(value) ? value.map(String) : [];
  return value === null || value === undefined ? '' : String(value);
};

/** One entry's inputs, from the same field descriptors the kit's forms use (the profile's work history). */
export const EntryFields = ({ fields, entry, onChange, errors = {} }: EntryFieldsProps) => {
  const values: FormValues = Object.fromEntries(fields.map((field) => [field.name, asFieldValue(field, entry[field.name])]));
  return (
    <Grid gutter="sm">
      {fields
        .filter((field) => isShown(field, values))
        .map((field) => (
          <Grid.Col key={field.name} span={{ base: 12, sm: field.half ? 6 : 12 }}>
            <FieldInput
              field={field}
              value={values[field.name] ?? ''}
              values={values}
              error={errors[field.name]}
              onChange={(value) => onChange({ [field.name]: value })}
            />
          </Grid.Col>
        ))}
    </Grid>
  );
};
