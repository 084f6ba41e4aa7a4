import { entityLog } from '@app/contract/resources/entity-log';
import type { FastifyInstance } from 'fastify';
import { entityLogs } from '../../db/schema/services';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

export const entityLogRepository = resourceRepository(entityLog, entityLogs);

export const registerEntityLog = (app: FastifyInstance) => registerResource(app, entityLogRepository);
