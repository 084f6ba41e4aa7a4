import { slugify } from '@app/contract/conventions/career';
import { employeeCard, employeeCardWhatsApp } from '@app/contract/resources/content/article';
import { Anchor, Avatar, Group, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ResourceList } from '../../kit/resource-list';
import { RowLink } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { type RecordOf, useCall } from '../../kit/use-resource';

type Card = RecordOf<typeof employeeCard>;

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Name', kind: 'text', half: true, autoComplete: 'off' },
  { name: 'designation', label: 'Job title', kind: 'text', half: true },
  { name: 'profileImg', label: 'Photo', kind: 'image', description: 'Shown on the card; without one, the card shows initials.' },
  {
    name: 'slug',
    label: 'Address of the card',
    kind: 'text',
    required: true,
    deriveFrom: { field: 'name', transform: slugify },
    description: 'The card is at /card/<this>: lower-case letters, digits and hyphens.',
  },
  { name: 'email', label: 'Email', kind: 'email', half: true, autoComplete: 'off', nullable: true },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'mobile', label: 'Mobile', kind: 'text', half: true, autoComplete: 'off' },
  { name: 'isWhatsapp', label: 'Reachable on WhatsApp', kind: 'switch', half: true },
  { name: 'website', label: 'Website', kind: 'text', half: true, section: 'Online' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', half: true, section: 'Online' },
  { name: 'address.street', label: 'Street', kind: 'text', section: 'Office' },
  { name: 'address.city', label: 'Town or city', kind: 'text', half: true, section: 'Office' },
  { name: 'address.postCode', label: 'Postcode', kind: 'text', half: true, section: 'Office' },
];

const cardPath = (card: Card) => `/card/${card.slug}`;

/** The WhatsApp mark of a card, switched in the row: the public card offers a WhatsApp link while it is on. */
const WhatsAppSwitch = ({ card }: { card: Card }) => {
  const can = useCan();
  const toggle = useCall(employeeCardWhatsApp, { invalidates: [employeeCard] });
  // The switch moves at once and stays moved while the list reloads; a failure puts it back.
  const [sending, setSending] = useState<boolean | null>(null);
  const change = async (isWhatsapp: boolean) => {
    setSending(isWhatsapp);
    try {
      await toggle.mutateAsync({ _id: card._id, isWhatsapp });
      notifySuccess(`${card.name ?? card.slug} is ${isWhatsapp ? 'now' : 'no longer'} shown on WhatsApp`);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSending(null);
    }
  };
  return (
    <Switch
      aria-label={`WhatsApp for ${card.name ?? card.slug}`}
      checked={sending ?? card.isWhatsapp}
      disabled={!can.call(employeeCardWhatsApp) || toggle.isPending}
      onChange={(e) => change(e.currentTarget.checked)}
    />
  );
};

/** /admin/cards: the team's public business cards, each at /card/<slug> while active. */
export const CardsPage = () => (
  <ResourceList
    resource={employeeCard}
    title="Employee cards"
    description="Business cards of the team. Active cards are public at /card/<address>; inactive ones are hidden."
    noun="card"
    searchPlaceholder="Name, job title, email or address"
    rowLabel={(row) => row.name ?? row.slug}
    form={{ fields, defaults: { isWhatsapp: false } }}
    deactivateMessage="Its public page stops answering until the card is activated again."
    rowExtra={(row) =>
      row.status === 'ACTIVE' ? (
        <RowLink name={`Open the public card of ${row.name ?? row.slug}`} href={cardPath(row)}>
          <IconExternalLink size={18} aria-hidden />
        </RowLink>
      ) : null
    }
    columns={[
      {
        key: 'name',
        header: 'Name',
        render: (row) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={row.profileImg?.url} name={row.name} color="initials" size={36} alt="" />
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.designation}
              </Text>
            </Stack>
          </Group>
        ),
      },
      {
        key: 'slug',
        header: 'Public page',
        render: (row) =>
          row.status === 'ACTIVE' ? (
            <Anchor href={cardPath(row)} target="_blank" rel="noopener" size="sm">
              {cardPath(row)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {cardPath(row)}
            </Text>
          ),
      },
      {
        key: 'phone',
        header: 'Contact',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.phone}</Text>
            <Text size="xs" c="dimmed">
              {row.email}
            </Text>
          </Stack>
        ),
      },
      { key: 'isWhatsapp', header: 'WhatsApp', render: (row) => <WhatsAppSwitch card={row} /> },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
    ]}
  />
);
