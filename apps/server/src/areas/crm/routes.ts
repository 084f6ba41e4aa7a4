import { client } from '@app/contract/resources/crm/client';
import { lead } from '@app/contract/resources/crm/lead';
import type { FastifyInstance } from 'fastify';
import { clients } from '../../db/schema/clients';
import { leads } from '../../db/schema/leads';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { registerTeams } from './teams';

export const clientRepository = resourceRepository(client, clients);
export const leadRepository = resourceRepository(lead, leads);

/** The agency's CRM records: one line per entity that the generic calls serve as they are. */
export const registerCrm = (app: FastifyInstance) => {
  registerResource(app, clientRepository);
  registerResource(app, leadRepository);
  registerTeams(app);
};
