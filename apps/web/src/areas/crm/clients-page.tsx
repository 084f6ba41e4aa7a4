import { client } from '@app/contract/resources/crm/client';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { clientFormFields, clientPayload } from './client-form';

export const clientScreen = screenTailoring({
  resource: client,
  fields: clientFormFields,
  columns: {
    add: [
      { key: 'phone.number', header: 'Phone' },
      { key: 'address.city', header: 'Town or city' },
    ],
    change: { ownerId: { header: 'Owner' } },
    pick: ['name', 'email', 'phone.number', 'address.city', 'industries', 'ownerId', 'status'],
  },
});

/** /crm/clients: the companies the agency recruits for; each name opens the client's page. */
export const ClientsPage = () => (
  <ResourceScreen
    {...clientScreen}
    description="The companies you recruit for."
    searchPlaceholder="Name, email, phone or CLI number"
    toPayload={clientPayload}
  />
);
