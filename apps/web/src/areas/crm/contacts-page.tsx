import { contact } from '@app/contract/resources/crm/contact';
import { ResourceScreen } from '../../kit/resource-screen';
import { contactColumns } from './contact-columns';
import { contactFields, contactPayload } from './contact-form';

const fields = contactFields({ pickClient: true });
const columns = contactColumns({ withClient: true });
const toPayload = (payload: Record<string, unknown>, mode: 'create' | 'edit') => contactPayload(payload, mode);

/** /crm/contacts: the people at the agency's clients. */
export const ContactsPage = () => (
  <ResourceScreen
    resource={contact}
    description="The people you deal with at your clients."
    searchPlaceholder="Name, email or CON number"
    rowLabel={(row) => row.profile.name.fullName || row.profile.email}
    columns={columns as never}
    fields={fields}
    filters={{ pick: ['clientId', 'primary'] }}
    toPayload={toPayload}
  />
);
