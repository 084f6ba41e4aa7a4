import { slugify } from '@app/contract/conventions/career';
import type { FieldError } from '@app/contract/conventions/envelope';
import { coverLetterSection, knownVariables, sectionTypes, variableTypes } from '@app/contract/resources/job-board/cover-letter';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError, isApiError } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { type RecordOf, useCreate, useUpdate } from '../../kit/use-resource';
import { humanise } from '../../kit/words';

export type SectionRecord = RecordOf<typeof coverLetterSection>;
type Variable = { label: string; value: string; type: (typeof variableTypes)[number]; selectOptions: string[] };
type SubSection = { _id?: string; label: string; description: string };

const fields: FieldDescriptor[] = [
  { name: 'label', label: 'Label', kind: 'text', half: true, required: true, description: 'What seekers see, e.g. “Opening”' },
  {
    name: 'value',
    label: 'Value',
    kind: 'text',
    half: true,
    required: true,
    description: 'A short key: a-z, 0-9 and “-”',
    deriveFrom: { field: 'label', transform: slugify },
  },
  { name: 'description', label: 'Description', kind: 'textarea', description: 'Help shown to seekers above the part’s editor' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    half: true,
    required: true,
    options: sectionTypes.map((value) => ({ value, label: humanise(value) })),
  },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    half: true,
    required: true,
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'INACTIVE', label: 'Inactive' },
    ],
  },
  {
    name: 'isDraggable',
    label: 'Seekers may move it',
    kind: 'switch',
    description: 'Leave off for parts that keep their place, like the greeting and the sign-off',
  },
];

type SectionFormModalProps = { opened: boolean; onClose: () => void; record?: SectionRecord };

/** Adds or edits a section: its words, its type and place, the variables its suggestions use and its sub-sections. */
export const SectionFormModal = ({ opened, onClose, record }: SectionFormModalProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  return (
    <Modal opened={opened} onClose={onClose} title={record ? `Edit ${record.label}` : 'Add section'} size="xl" fullScreen={phone} centered>
      {opened && <SectionForm record={record} onDone={onClose} />}
    </Modal>
  );
};

const SectionForm = ({ record, onDone }: { record?: SectionRecord; onDone: () => void }) => {
  const create = useCreate(coverLetterSection);
  const update = useUpdate(coverLetterSection);
  const [variables, setVariables] = useState<Variable[]>(() =>
    (record?.variables ?? []).map((v) => ({ label: v.label, value: v.value, type: v.type, selectOptions: v.selectOptions ?? [] })),
  );
  const [subSections, setSubSections] = useState<SubSection[]>(() =>
    [...(record?.subSections ?? [])]
      .sort((a, b) => a.orderNumber - b.orderNumber)
      .map((sub) => ({ _id: sub._id, label: sub.label, description: sub.description ?? '' })),
  );
  // Messages about the lists' rows, which the kit's form has no inputs for.
  const [listErrors, setListErrors] = useState<Record<string, string>>({});

  const submit = async (payload: Record<string, unknown>) => {
    setListErrors({});
    const body = {
      ...payload,
      variables: variables.map((v) => ({ ...v, selectOptions: v.type === 'SELECT' ? v.selectOptions : [] })),
      subSections: subSections.map((sub, orderNumber) => ({
        ...(sub._id ? { _id: sub._id } : {}),
        label: sub.label,
        ...(sub.description.trim() ? { description: sub.description } : {}),
        orderNumber,
      })),
    };
    try {
      return record ? await update.mutateAsync({ ...body, _id: record._id } as never) : await create.mutateAsync(body as never);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const inLists = (e: FieldError) => e.field.startsWith('variables') || e.field.startsWith('subSections');
      setListErrors(Object.fromEntries(error.errors.filter(inLists).map((e) => [e.field, e.message])));
      throw new ApiError(
        error.status,
        error.message,
        error.errors.filter((e) => !inLists(e)),
      );
    }
  };

  return (
    <FieldsForm
      fields={fields}
      initial={record ?? { type: 'PARAGRAPH', status: 'ACTIVE', isDraggable: true }}
      emptyStrings={record ? 'keep' : 'omit'}
      submitLabel={record ? 'Save changes' : 'Add section'}
      successMessage={record ? 'Section saved' : 'Section added'}
      onSubmit={submit}
      onSuccess={onDone}
      onCancel={onDone}
      footer={
        <Stack gap="lg">
          <VariablesEditor variables={variables} onChange={setVariables} errors={listErrors} />
          <SubSectionsEditor subSections={subSections} onChange={setSubSections} errors={listErrors} />
        </Stack>
      }
    />
  );
};

const errorOf = (errors: Record<string, string>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

const RowButton = ({
  name,
  onClick,
  disabled,
  colour,
  children,
}: {
  name: string;
  onClick: () => void;
  disabled?: boolean;
  colour?: string;
  children: ReactNode;
}) => (
  <Tooltip label={name.split(' ')[0]} withArrow openDelay={300}>
    <ActionIcon variant="subtle" color={colour ?? 'gray'} aria-label={name} onClick={onClick} disabled={disabled} mt={24}>
      {children}
    </ActionIcon>
  </Tooltip>
);

/** The `{{variables}}` the section's suggestions use, as seekers see them named. */
const VariablesEditor = ({
  variables,
  onChange,
  errors,
}: {
  variables: Variable[];
  onChange: (v: Variable[]) => void;
  errors: Record<string, string>;
}) => {
  const set = (index: number, patch: Partial<Variable>) => onChange(variables.map((v, at) => (at === index ? { ...v, ...patch } : v)));
  const unused = Object.entries(knownVariables).filter(([name]) => !variables.some((v) => v.value === name));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="sm">
          Variables
        </Title>
        <Group gap="xs">
          <Menu withinPortal position="bottom-end" shadow="md">
            <Menu.Target>
              <Button size="xs" variant="light" disabled={unused.length === 0}>
                Add a known variable
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {unused.map(([name, meaning]) => (
                <Menu.Item
                  key={name}
                  onClick={() => onChange([...variables, { label: meaning, value: name, type: 'TEXT', selectOptions: [] }])}
                >
                  {`{{${name}}}`} · {meaning}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...variables, { label: '', value: '', type: 'TEXT', selectOptions: [] }])}
          >
            Add variable
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Known variables are filled in by the builder from the seeker’s profile and the job; others are left in braces for the seeker.
      </Text>
      {variables.map((variable, index) => {
        const name = variable.value || variable.label || `variable ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: variables have no id, and a row's inputs hold no state of their own
          <Paper key={index} withBorder p="xs" radius="md" role="group" aria-label={`Variable ${name}`}>
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label="Variable label"
                value={variable.label}
                onChange={(e) => set(index, { label: e.currentTarget.value })}
                error={errorOf(errors, `variables.${index}.label`)}
                style={{ flex: '2 1 10rem' }}
              />
              <TextInput
                label="Name in braces"
                value={variable.value}
                onChange={(e) => set(index, { value: e.currentTarget.value })}
                error={errorOf(errors, `variables.${index}.value`)}
                style={{ flex: '2 1 9rem' }}
              />
              <Select
                label="Variable type"
                data={variableTypes.map((value) => ({ value, label: humanise(value) }))}
                value={variable.type}
                onChange={(type) => type && set(index, { type: type as Variable['type'] })}
                allowDeselect={false}
                comboboxProps={comboboxProps}
                style={{ flex: '1 1 7rem' }}
              />
              {variable.type === 'SELECT' && (
                <TagsInput
                  label="Choices"
                  value={variable.selectOptions}
                  onChange={(selectOptions) => set(index, { selectOptions })}
                  style={{ flex: '3 1 12rem' }}
                />
              )}
              <RowButton name={`Remove variable ${name}`} colour="red" onClick={() => onChange(variables.filter((_, at) => at !== index))}>
                <IconTrash size={16} aria-hidden />
              </RowButton>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
};

/** Parts inside the section, each with its own editor and suggestions for seekers. */
const SubSectionsEditor = ({
  subSections,
  onChange,
  errors,
}: {
  subSections: SubSection[];
  onChange: (s: SubSection[]) => void;
  errors: Record<string, string>;
}) => {
  const set = (index: number, patch: Partial<SubSection>) => onChange(subSections.map((s, at) => (at === index ? { ...s, ...patch } : s)));
  const move = (from: number, to: number) => {
    const next = [...subSections];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="sm">
          Sub-sections
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...subSections, { label: '', description: '' }])}
        >
          Add sub-section
        </Button>
      </Group>
      {subSections.length === 0 && (
        <Text size="xs" c="dimmed">
          None: the section is one editor.
        </Text>
      )}
      {subSections.map((sub, index) => {
        const name = sub.label || `sub-section ${index + 1}`;
        return (
          <Paper key={sub._id ?? `new-${index}`} withBorder p="xs" radius="md" role="group" aria-label={`Sub-section ${name}`}>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label="Sub-section label"
                  value={sub.label}
                  onChange={(e) => set(index, { label: e.currentTarget.value })}
                  error={errorOf(errors, `subSections.${index}.label`)}
                />
                <Textarea
                  label="Sub-section description"
                  autosize
                  minRows={1}
                  value={sub.description}
                  onChange={(e) => set(index, { description: e.currentTarget.value })}
                  error={errorOf(errors, `subSections.${index}.description`)}
                />
              </Stack>
              <RowButton name={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <IconArrowUp size={16} aria-hidden />
              </RowButton>
              <RowButton name={`Move ${name} down`} disabled={index === subSections.length - 1} onClick={() => move(index, index + 1)}>
                <IconArrowDown size={16} aria-hidden />
              </RowButton>
              <RowButton name={`Remove ${name}`} colour="red" onClick={() => onChange(subSections.filter((_, at) => at !== index))}>
                <IconTrash size={16} aria-hidden />
              </RowButton>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
};
