import { client } from '@app/contract/resources/crm/client';
import { lead } from '@app/contract/resources/crm/lead';
import { crmNote } from '@app/contract/resources/crm/note';
import { savedView } from '@app/contract/resources/crm/saved-view';
import { task } from '@app/contract/resources/crm/task';
import type { FastifyInstance } from 'fastify';
import { clients } from '../../db/schema/clients';
import { leads } from '../../db/schema/leads';
import { crmNotes } from '../../db/schema/notes';
import { savedViews } from '../../db/schema/saved-views';
import { tasks } from '../../db/schema/tasks';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { registerCandidateCvs } from './candidate-cvs';
import { registerCandidates } from './candidates';
import { mailNotifiedStaff } from './note-mail';
import { completeOnCreate, completeOnUpdate } from './task-completion';
import { registerTaskDashboard } from './task-dashboard';
import { registerTeams } from './teams';

export const clientRepository = resourceRepository(client, clients);
export const noteRepository = resourceRepository(crmNote, crmNotes);
export const taskRepository = resourceRepository(task, tasks);
export const leadRepository = resourceRepository(lead, leads);
export const savedViewRepository = resourceRepository(savedView, savedViews);

/** The agency's CRM records: one line per entity that the generic calls serve as they are. */
export const registerCrm = (app: FastifyInstance) => {
  registerResource(app, clientRepository);
  registerResource(app, noteRepository, { hooks: { afterWrite: mailNotifiedStaff } });
  registerResource(app, taskRepository, { hooks: { beforeCreate: completeOnCreate, beforeUpdate: completeOnUpdate } });
  registerTaskDashboard(app, taskRepository);
  registerResource(app, leadRepository);
  registerTeams(app);
  registerResource(app, savedViewRepository);
  registerCandidates(app);
  registerCandidateCvs(app);
};
