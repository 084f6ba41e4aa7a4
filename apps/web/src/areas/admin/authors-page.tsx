import { Stack, Text } from '@mantine/core';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { formatDateTime } from '../../kit/words';
import { adminAuthors } from './admin-resources';

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Name', kind: 'text', half: true, required: true, description: 'As it appears on articles.' },
  { name: 'fullName', label: 'Full name', kind: 'text', half: true },
  { name: 'profile', label: 'Profile', kind: 'textarea', description: 'A line or two about them, shown with their articles.' },
];

/** /admin/authors: who articles are written by; an article keeps its author's card from when it was saved. */
export const AuthorsPage = () => (
  <ResourceList
    resource={adminAuthors}
    title="Authors"
    description="The people articles are written by."
    noun="author"
    searchPlaceholder="Name"
    rowLabel={(row) => row.name}
    form={{ fields }}
    removeMessage="Articles already written keep their name."
    columns={[
      {
        key: 'name',
        header: 'Name',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.fullName}
            </Text>
          </Stack>
        ),
      },
      { key: 'profile', header: 'Profile', wrap: true },
      { key: 'updatedAt', header: 'Last changed', render: (row) => formatDateTime(row.updatedAt) },
    ]}
  />
);
