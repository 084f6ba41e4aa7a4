import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { Anchor, Skeleton, Stack } from '@mantine/core';
import { DetailsGrid } from '../../kit/details-grid';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { SectionCard } from '../../kit/section-card';
import { useSession } from '../../kit/session';
import { useDetails } from '../../kit/use-resource';
import { type ContactRow, contactColumns } from '../crm/contact-columns';
import { contactFields, contactPayload } from '../crm/contact-form';

/** The client user's contacts: as on the client's page in the CRM, with nothing to filter by. */
export const portalContactScreen = screenTailoring({
  resource: contact,
  fields: contactFields({ pickClient: false }),
  columns: contactColumns({ withClient: false }) as never,
  filters: { pick: [] },
});

/** The client user's own company, as the agency keeps it. */
const Company = ({ clientId }: { clientId: string }) => {
  const query = useDetails(client, clientId);
  if (query.isPending) return <Skeleton height={140} />;
  if (query.isError) return <SectionCard title="Your company">{messageOf(query.error)}</SectionCard>;
  const company = query.data;
  return (
    <SectionCard title="Your company" description={company.itemId?.combined}>
      <DetailsGrid
        items={[
          { label: 'Name', value: company.name },
          { label: 'Email', value: <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor> },
          { label: 'Phone', value: company.phone?.number },
          { label: 'Town or city', value: company.address?.city },
          { label: 'About', value: company.about },
        ]}
      />
    </SectionCard>
  );
};

/** /client: a client user's company and its contacts (list, add, edit); the server shows them nothing of another client. */
export const ClientHomePage = () => {
  const { user } = useSession();
  const clientId = user?.clientId ?? undefined;
  return (
    <Stack gap="lg">
      <PageHeader title={user?.organisationName ? `Working with ${user.organisationName}` : 'Your client portal'} />
      {clientId && <Company clientId={clientId} />}
      <ResourceScreen
        {...portalContactScreen}
        title="Your contacts"
        noun="contact"
        headingOrder={2}
        description="The people at your company your recruitment partner deals with."
        rowLabel={(row) => (row as ContactRow).profile.name.fullName || (row as ContactRow).profile.email}
        toPayload={(payload, mode) => contactPayload(payload, mode, clientId)}
      />
    </Stack>
  );
};
