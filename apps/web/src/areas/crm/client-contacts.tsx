import { clientCredentials, clientCredentialsReset, contactWithoutCredentials } from '@app/contract/resources/crm/client-credentials';
import { contact, makePrimaryContact } from '@app/contract/resources/crm/contact';
import { IconKey, IconRefresh, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ResourceScreen } from '../../kit/resource-screen';
import { RowButton } from '../../kit/row-actions';
import { screenTailoring } from '../../kit/screen-tailoring';
import { resourceKey, useCall } from '../../kit/use-resource';
import { type ContactRow, contactColumns } from './contact-columns';
import { contactFields, contactPayload } from './contact-form';

export const clientContactScreen = screenTailoring({
  resource: contact,
  fields: contactFields({ pickClient: false }),
  columns: contactColumns({ withClient: false }) as never,
  filters: { pick: ['primary'] },
});
const nameOf = (row: ContactRow) => row.profile.name.fullName || row.profile.email;

/** How many of the client's contacts have no sign-in yet; kept with the contacts, so it refreshes with them. */
const useWithoutCredentials = (clientId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resourceKey(contact), 'without-credentials', clientId],
    queryFn: () => callApi(contactWithoutCredentials, { clientId }),
    enabled,
  });

const ContactActions = ({ row, clientId }: { row: ContactRow; clientId: string }) => {
  const can = useCan();
  const makePrimary = useCall(makePrimaryContact, { invalidates: [contact] });
  const give = useCall(clientCredentials, { invalidates: [contact] });
  const reset = useCall(clientCredentialsReset, { invalidates: [contact] });
  const run = (work: Promise<unknown>, done: string) => work.then(() => notifySuccess(done)).catch((error) => notifyFailure(error));
  const name = nameOf(row);
  return (
    <>
      {!row.primary && can.call(makePrimaryContact) && (
        <RowButton
          name={`Make ${name} the primary contact`}
          onClick={() =>
            run(
              makePrimary.mutateAsync({ _id: row._id, relatedTo: { _id: clientId, entityType: 'Client' } }),
              `${name} is the primary contact`,
            )
          }
        >
          <IconStar size={18} aria-hidden />
        </RowButton>
      )}
      {!row.userId && can.call(clientCredentials) && (
        <RowButton
          name={`Give ${name} a sign-in to the client portal`}
          onClick={() => run(give.mutateAsync({ _id: row._id }), `A sign-in has been mailed to ${row.profile.email}`)}
        >
          <IconKey size={18} aria-hidden />
        </RowButton>
      )}
      {row.userId && can.call(clientCredentialsReset) && (
        <RowButton
          name={`Reset ${name}'s client portal password`}
          onClick={() => run(reset.mutateAsync({ _id: row._id }), `A new password has been mailed to ${row.profile.email}`)}
        >
          <IconRefresh size={18} aria-hidden />
        </RowButton>
      )}
    </>
  );
};

/** A client's contacts on its page: add one, make one primary, give or reset portal sign-ins. */
export const ClientContacts = ({ clientId }: { clientId: string }) => {
  const can = useCan();
  const withoutCredentials = useWithoutCredentials(clientId, can.call(contactWithoutCredentials));
  const count = withoutCredentials.data;
  return (
    <ResourceScreen
      {...clientContactScreen}
      title="Contacts"
      headingOrder={2}
      description={
        typeof count === 'number'
          ? count === 0
            ? 'Every contact has a sign-in to the client portal.'
            : `${count} ${count === 1 ? 'contact has' : 'contacts have'} no sign-in to the client portal yet.`
          : undefined
      }
      rowLabel={nameOf}
      fixedFilter={{ clientId }}
      toPayload={(payload, mode) => contactPayload(payload, mode, clientId)}
      rowExtra={(row) => <ContactActions row={row as ContactRow} clientId={clientId} />}
    />
  );
};
