import { contact } from '@app/contract/resources/crm/contact';
import { email } from '@app/contract/resources/crm/email';
import { useCan } from '../../kit/can';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { contactColumns } from './contact-columns';
import { contactFields, contactPayload } from './contact-form';
import { EmailList } from './email-list';

export const contactScreen = screenTailoring({
  resource: contact,
  fields: contactFields({ pickClient: true }),
  columns: contactColumns({ withClient: true }) as never,
  filters: { pick: ['clientId', 'primary'] },
});
const toPayload = (payload: Record<string, unknown>, mode: 'create' | 'edit') => contactPayload(payload, mode);

/** /crm/contacts: the people at the agency's clients. */
export const ContactsPage = () => (
  <ResourceScreen
    {...contactScreen}
    description="The people you deal with at your clients."
    searchPlaceholder="Name, email or CON number"
    rowLabel={(row) => row.profile.name.fullName || row.profile.email}
    toPayload={toPayload}
    recordExtra={(row) => <ContactEmails contactId={row._id} name={row.profile.name.fullName || row.profile.email} />}
  />
);

/** The emails with a contact, under their details. */
const ContactEmails = ({ contactId, name }: { contactId: string; name: string }) => {
  const can = useCan();
  if (!can.do(email, 'list')) return null;
  return (
    <EmailList
      headingOrder={2}
      fixedFilter={{ contactIds: contactId }}
      compose={{ contactIds: [contactId], known: [{ value: contactId, label: name }] }}
      emptyMessage="No emails with this contact yet."
    />
  );
};
