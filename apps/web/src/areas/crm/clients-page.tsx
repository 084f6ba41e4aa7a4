import { client } from '@app/contract/resources/crm/client';
import { ResourceScreen } from '../../kit/resource-screen';

/** /crm/clients: the companies the agency recruits for. */
export const ClientsPage = () => (
  <ResourceScreen resource={client} description="The companies you recruit for." searchPlaceholder="Name, email, phone or CLI-number" />
);
