import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import type { FastifyInstance } from 'fastify';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

export const candidateRepository = resourceRepository(candidate, candidates);
export const noticePeriodRepository = resourceRepository(crmNoticePeriod, crmNoticePeriods);

/** Candidates, their notice periods, CVs, credentials, duplicates, merge and diversity. */
export const registerCandidates = (app: FastifyInstance) => {
  registerResource(app, noticePeriodRepository);
  registerResource(app, candidateRepository);
};
