import { organisation } from '@app/contract/resources/organisation';
import { Stack, Text } from '@mantine/core';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Organisation name', kind: 'text', required: true, autoComplete: 'organization' },
  { name: 'email', label: 'Organisation email', kind: 'email', half: true, required: true, autoComplete: 'off' },
  { name: 'phoneNumber', label: 'Phone number', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'adminUser.name.first', label: 'Admin first name', kind: 'text', half: true, modes: ['create'], section: 'Admin user' },
  { name: 'adminUser.name.last', label: 'Admin last name', kind: 'text', half: true, modes: ['create'], section: 'Admin user' },
  {
    name: 'adminUser.email',
    label: 'Admin email',
    kind: 'email',
    half: true,
    required: true,
    modes: ['create'],
    section: 'Admin user',
    autoComplete: 'off',
  },
  {
    name: 'adminUser.phone',
    label: 'Admin phone',
    kind: 'text',
    half: true,
    required: true,
    modes: ['create'],
    section: 'Admin user',
    autoComplete: 'off',
  },
  {
    name: 'adminUser.passwordHash',
    label: 'Initial password',
    kind: 'password',
    required: true,
    modes: ['create'],
    section: 'Admin user',
    description: 'At least 8 characters. Share it with the admin; they can change it after signing in.',
  },
];

const form = { fields };

export const OrganisationsPage = () => (
  <ResourceList
    resource={organisation}
    title="Organisations"
    description="Recruiting organisations using the CRM. Each comes with an admin user who runs it."
    noun="organisation"
    searchPlaceholder="Name, email, phone or ORG number"
    rowLabel={(row) => row.name}
    form={form}
    deactivateMessage="Its staff are signed out at once and cannot sign in until the organisation is activated again."
    columns={[
      {
        key: 'name',
        header: 'Name',
        render: (row) => (
          <Stack gap={0}>
            <Text fw={500} size="sm">
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.itemId?.combined}
            </Text>
          </Stack>
        ),
      },
      { key: 'email', header: 'Email' },
      { key: 'phoneNumber', header: 'Phone' },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
      { key: 'createdAt', header: 'Created', render: (row) => formatDateTime(row.createdAt) },
    ]}
  />
);
