import { coverLetterSection, coverLetterSuggestion, knownVariables } from '@app/contract/resources/job-board/cover-letter';
import { Code, Paper, Select, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { callResource } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import type { FieldDescriptor, FormMode } from '../../kit/field-descriptor';
import { PageHeader } from '../../kit/page-header';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { useList } from '../../kit/use-resource';

const variableNames = Object.keys(knownVariables);

/** The `{{variables}}` a suggestion's text uses, named as the builder shows them. */
const variablesIn = (content: string) =>
  [...new Set([...content.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)].map((match) => match[1] as string))].map((value) => ({
    label: knownVariables[value as keyof typeof knownVariables] ?? value,
    value,
    type: 'TEXT' as const,
  }));

const plainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const statusOptions = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

/**
 * /admin/cover-letters/suggestions: paragraphs seekers can start each part of a letter from. The
 * section picked above the list (or the one come from) scopes the list and new suggestions.
 */
export const CoverLetterSuggestionsPage = () => {
  const [params, setParams] = useSearchParams();
  const sectionId = params.get('sectionId') ?? '';
  const sections = useList(coverLetterSection, { limit: 'ALL' });
  const byId = useMemo(() => new Map((sections.data?.results ?? []).map((section) => [section._id, section])), [sections.data]);
  const sectionOptions = (sections.data?.results ?? []).map((section) => ({ value: section._id, label: section.label }));
  const section = byId.get(sectionId);

  const fields: FieldDescriptor[] = [
    { name: 'sectionId', label: 'Section', kind: 'select', options: sectionOptions, half: true, required: true },
    {
      name: 'subSectionId',
      label: 'Sub-section',
      kind: 'select',
      half: true,
      description: 'Only for sections split into parts',
      options: {
        key: 'cover-letter-sub-sections',
        dependsOn: ['sectionId'],
        waitingFor: 'Choose a section first',
        load: async ({ sectionId: id }) => {
          const found = byId.get(id ?? '') ?? (await callResource(coverLetterSection, 'details', { _id: id }));
          return found.subSections.flatMap((sub) => (sub._id ? [{ value: sub._id, label: sub.label }] : []));
        },
      },
    },
    {
      name: 'content',
      label: 'Suggestion',
      kind: 'richtext',
      required: true,
      description: `Variables are filled in for the seeker: ${variableNames.map((name) => `{{${name}}}`).join(', ')}.`,
    },
    { name: 'status', label: 'Status', kind: 'select', options: statusOptions, half: true, required: true },
  ];

  const toPayload = (payload: Record<string, unknown>, mode: FormMode) => {
    const content = typeof payload.content === 'string' ? payload.content : '';
    const subSectionId =
      payload.subSectionId === '' || payload.subSectionId === undefined ? (mode === 'edit' ? null : undefined) : payload.subSectionId;
    return { ...payload, subSectionId, variables: variablesIn(content) };
  };

  const subSectionLabel = (row: { sectionId: string; subSectionId?: string | null }) =>
    byId.get(row.sectionId)?.subSections.find((sub) => sub._id === row.subSectionId)?.label;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Cover-letter suggestions"
        description="Paragraphs seekers can start each part of their letter from, with variables filled in for them."
        action={
          <Select
            label="Show suggestions for"
            placeholder="Every section"
            data={sectionOptions}
            value={sectionId || null}
            onChange={(value) => setParams(value ? { sectionId: value } : {}, { replace: true })}
            clearable
            comboboxProps={comboboxProps}
            w={260}
          />
        }
      />
      <ResourceList
        key={sectionId}
        resource={coverLetterSuggestion}
        title={section ? `Suggestions for ${section.label}` : 'Suggestions for every section'}
        headingOrder={2}
        noun="suggestion"
        searchPlaceholder="Words in the suggestion"
        rowLabel={(row) => `suggestion “${plainText(row.content).slice(0, 40)}…”`}
        fixedFilter={sectionId ? { sectionId } : undefined}
        filters={[{ key: 'status', label: 'Status', options: statusOptions }]}
        form={{ fields, defaults: { sectionId, status: 'ACTIVE' }, toPayload }}
        emptyMessage={section ? `Add the first suggestion for ${section.label}.` : 'Add the first suggestion.'}
        columns={[
          {
            key: 'content',
            header: 'Suggestion',
            wrap: true,
            render: (row) => (
              <Text size="sm" lineClamp={3}>
                {plainText(row.content)}
              </Text>
            ),
          },
          {
            key: 'sectionId',
            header: 'Section',
            render: (row) => [byId.get(row.sectionId)?.label, subSectionLabel(row)].filter(Boolean).join(' › '),
          },
          { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          Variables the builder fills in
        </Title>
        <Spoiler maxHeight={96} showLabel="Show all" hideLabel="Show fewer">
          <Stack gap={4}>
            {Object.entries(knownVariables).map(([name, meaning]) => (
              <Text key={name} size="sm">
                <Code>{`{{${name}}}`}</Code> {meaning}
              </Text>
            ))}
          </Stack>
        </Spoiler>
      </Paper>
    </Stack>
  );
};
