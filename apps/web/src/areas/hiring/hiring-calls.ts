import { applicationStages, moveApplicationRequest, moveApplicationsRequest } from '@app/contract/resources/hiring/job-application';
import { z } from 'zod';

/** The move calls as the web calls them: the definition's stages declare their paths and inputs. */
export const moveApplicationCall = { ...applicationStages.move, input: moveApplicationRequest, output: z.unknown() };
export const moveApplicationsCall = { ...applicationStages.moveMany, input: moveApplicationsRequest, output: z.unknown() };
