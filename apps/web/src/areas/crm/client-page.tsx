import { client } from '@app/contract/resources/crm/client';
import { Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { DetailsGrid } from '../../kit/details-grid';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { type RecordOf, useDetails } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { CallLogs } from './call-logs-page';
import { ClientContacts } from './client-contacts';
import { RecordLinks } from './record-links';

export type ClientRecord = RecordOf<typeof client>;

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
          { label: 'Town or city', value: record.address?.city },
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

/** /crm/clients/:id: one client, its contacts (primary, portal sign-ins) and its call logs. */
export const ClientPage = () => {
  const { id } = useParams();
  const query = useDetails(client, id);
  return (
    <RecordPage query={query} noun="client" back={{ to: '/crm/clients', label: 'All clients' }}>
      {(record) => (
        <Stack gap="lg">
          <PageHeader title={record.name} description={record.itemId?.combined} />
          {clientSections.map((section) => (
            <div key={section.id}>{section.render(record)}</div>
          ))}
        </Stack>
      )}
    </RecordPage>
  );
};
