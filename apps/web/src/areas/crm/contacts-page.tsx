import { contact } from '@app/contract/resources/crm/contact';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { contactColumns } from './contact-columns';
import { contactFields, contactPayload } from './contact-form';

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
  />
);
