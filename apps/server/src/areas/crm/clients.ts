import { client } from '@app/contract/resources/crm/client';
import { clients } from '../../db/schema/clients';
import { resourceRepository } from '../../engine/repository';

export const clientRepository = resourceRepository(client, clients);
