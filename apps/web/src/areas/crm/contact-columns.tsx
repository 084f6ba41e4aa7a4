import type { contact } from '@app/contract/resources/crm/contact';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../kit/resource-list';
import type { RecordOf } from '../../kit/use-resource';

export type ContactRow = RecordOf<typeof contact> & { client?: { _id: string; label: string | null } | null };

/** A contact's first phone number, if any. */
export const phoneOf = (row: ContactRow) => row.profile.contactNumbers?.[0]?.number ?? '';

const name: Column<ContactRow> = {
  key: 'name',
  header: 'Name',
  render: (row) => (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {row.profile.name.fullName || row.profile.name.first}
      </Text>
      <Text size="xs" c="dimmed">
        {[row.profile.designation, row.itemId?.combined].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  ),
};
const email: Column<ContactRow> = { key: 'email', header: 'Email', render: (row) => row.profile.email };
const phone: Column<ContactRow> = { key: 'phone', header: 'Phone', render: phoneOf };
const primary: Column<ContactRow> = {
  key: 'primaryBadge',
  header: 'Primary',
  render: (row) => (row.primary ? <Badge variant="light">Primary</Badge> : ''),
};
const relatedClient: Column<ContactRow> = {
  key: 'relatedClient',
  header: 'Client',
  render: (row) =>
    row.client ? (
      <Anchor component={Link} to={`/crm/clients/${row.client._id}`} size="sm">
        {row.client.label}
      </Anchor>
    ) : (
      ''
    ),
};

/** The contact list's columns: with the related client on the all-contacts screen, without it on one client's. */
export const contactColumns = (input: { withClient: boolean }) => ({
  pick: ['name', 'email', 'phone', ...(input.withClient ? ['relatedClient'] : []), 'primaryBadge'],
  add: [name, email, phone, relatedClient, primary],
});
