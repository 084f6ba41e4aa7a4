import type { Address } from '@app/contract/conventions/common';
import { client } from '@app/contract/resources/crm/client';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../kit/can';
import { deriveFields } from '../../kit/derive-fields';
import { DetailsGrid } from '../../kit/details-grid';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { ResourceFormModal } from '../../kit/resource-form';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { tailor } from '../../kit/tailor';
import { type RecordOf, useDetails } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { CallLogs } from './call-logs-page';
import { ClientContacts } from './client-contacts';
import { clientFormFields, clientPayload } from './client-form';
import { RecordLinks } from './record-links';

export type ClientRecord = RecordOf<typeof client> & { owner?: { _id: string; label: string | null } | null };

/** An address on as few lines as it needs, in the order a letter takes. */
const addressLines = (address: Address | null | undefined) =>
  [address?.building, address?.street, address?.city, address?.postCode, address?.country].filter(Boolean).join(', ');

/** One part of a client's page. The page is a list of them, so other panels (linked records, activity) slot in by adding one. */
export type ClientSection = { id: string; render: (record: ClientRecord) => ReactNode };

const details: ClientSection = {
  id: 'details',
  render: (record) => (
    <SectionCard title="Details">
      <DetailsGrid
        items={[
          { label: 'Status', value: <StatusBadge value={record.status} /> },
          { label: 'Email', value: <Anchor href={`mailto:${record.email}`}>{record.email}</Anchor> },
          { label: 'Phone', value: record.phone?.number },
          {
            label: 'Website',
            value: record.website && (
              <Anchor href={record.website} target="_blank" rel="noopener noreferrer">
                {record.website}
              </Anchor>
            ),
          },
          { label: 'Industries', value: record.industries?.join(', ') },
          { label: 'Address', value: addressLines(record.address) },
          // A reader who may not see staff gets no name: the owner is then not theirs to know.
          { label: 'Owner', value: record.owner?.label },
          { label: 'About', value: record.about },
          { label: 'Added', value: formatDateTime(record.createdAt) },
        ]}
      />
    </SectionCard>
  ),
};

const contacts: ClientSection = { id: 'contacts', render: (record) => <ClientContacts clientId={record._id} /> };

const callLogs: ClientSection = {
  id: 'call-logs',
  render: (record) => (
    <CallLogs headingOrder={2} fixedFilter={{ relatedTo: record._id }} relatedTo={{ _id: record._id, entityType: 'Client' }} />
  ),
};

const linked: ClientSection = {
  id: 'linked',
  render: (record) => (
    <SectionCard title="Linked to this client">
      <RecordLinks entityType="Client" id={record._id} />
    </SectionCard>
  ),
};

/** The sections of a client's page, in order. */
export const clientSections: readonly ClientSection[] = [details, contacts, callLogs, linked];

/** Edit for who may update clients: the same form as the clients list's. */
const EditClient = ({ record }: { record: ClientRecord }) => {
  const can = useCan();
  const [opened, setOpened] = useState(false);
  const fields = useMemo(() => tailor(deriveFields(client), (field) => field.name, clientFormFields), []);
  if (!can.do(client, 'update')) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Edit
      </Button>
      <ResourceFormModal
        opened={opened}
        onClose={() => setOpened(false)}
        resource={client}
        mode="edit"
        record={record}
        fields={fields}
        toPayload={clientPayload}
        noun="client"
      />
    </>
  );
};

/** /crm/clients/:id: one client (Edit for who may change it), its contacts (primary, portal sign-ins) and its call logs. */
export const ClientPage = () => {
  const { id } = useParams();
  const query = useDetails(client, id);
  return (
    <RecordPage query={query} noun="client" back={{ to: '/crm/clients', label: 'All clients' }}>
      {(record) => (
        <Stack gap="lg">
          <PageHeader title={record.name} description={record.itemId?.combined} action={<EditClient record={record} />} />
          {clientSections.map((section) => (
            <div key={section.id}>{section.render(record)}</div>
          ))}
        </Stack>
      )}
    </RecordPage>
  );
};
