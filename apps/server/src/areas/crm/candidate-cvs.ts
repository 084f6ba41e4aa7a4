import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import type { FastifyInstance } from 'fastify';
import { candidateCvs } from '../../db/schema/candidates';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

export const candidateCvRepository = resourceRepository(candidateCv, candidateCvs);

export const registerCandidateCvs = (app: FastifyInstance) => {
  registerResource(app, candidateCvRepository);
};
