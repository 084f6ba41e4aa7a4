import { callLog } from '@app/contract/resources/crm/call-log';
import { event } from '@app/contract/resources/crm/event';
import { lead } from '@app/contract/resources/crm/lead';
import { crmNote } from '@app/contract/resources/crm/note';
import { savedView } from '@app/contract/resources/crm/saved-view';
import { task } from '@app/contract/resources/crm/task';
import type { FastifyInstance } from 'fastify';
import { callLogs } from '../../db/schema/call-logs';
import { events } from '../../db/schema/events';
import { leads } from '../../db/schema/leads';
import { crmNotes } from '../../db/schema/notes';
import { savedViews } from '../../db/schema/saved-views';
import { tasks } from '../../db/schema/tasks';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { registerCandidateCvs } from './candidate-cvs';
import { registerCandidateImport } from './candidate-import';
import { registerCandidateInformationForms } from './candidate-information-forms';
import { registerCandidates } from './candidates';
import { registerClientCredentials } from './client-credentials';
import { registerClientInformationRequests } from './client-information-requests';
import { clientHooks, clientRepository } from './clients';
import { registerContacts } from './contacts';
import { registerDashboard } from './dashboard';
import { registerEvents } from './events';
import { registerLinkedRecords } from './linked-records';
import { mailNotifiedStaff } from './note-mail';
import { registerSentMail } from './sent-mail';
import { assignedToWhere } from './task-assigned-to';
import { mailNewAssignees } from './task-assignment-mail';
import { completeOnCreate, completeOnUpdate } from './task-completion';
import { registerTaskDashboard } from './task-dashboard';
import { registerTaskReminders, scheduleTaskReminder } from './task-reminders';
import { registerTeams } from './teams';

export const callLogRepository = resourceRepository(callLog, callLogs);
export const noteRepository = resourceRepository(crmNote, crmNotes);
export const taskRepository = resourceRepository(task, tasks);
export const leadRepository = resourceRepository(lead, leads);
export const eventRepository = resourceRepository(event, events);
export const savedViewRepository = resourceRepository(savedView, savedViews);

/** The agency's CRM records: one line per entity that the generic calls serve as they are. */
export const registerCrm = (app: FastifyInstance) => {
  registerResource(app, clientRepository, { hooks: clientHooks });
  registerResource(app, noteRepository, { hooks: { afterWrite: mailNotifiedStaff } });
  registerResource(app, taskRepository, {
    hooks: {
      beforeCreate: completeOnCreate,
      beforeUpdate: completeOnUpdate,
      afterWrite: async (args) => {
        await scheduleTaskReminder?.(args);
        await mailNewAssignees?.(args);
      },
      listWhere: assignedToWhere,
    },
  });
  registerTaskDashboard(app, taskRepository);
  registerTaskReminders(app, taskRepository);
  registerResource(app, leadRepository);
  registerTeams(app);
  registerDashboard(app, taskRepository);
  registerLinkedRecords(app);
  registerContacts(app);
  registerClientCredentials(app);
  registerResource(app, callLogRepository);
  registerEvents(app, eventRepository);
  registerSentMail(app);
  registerResource(app, savedViewRepository);
  registerCandidates(app);
  registerCandidateImport(app);
  registerCandidateCvs(app);
  registerCandidateInformationForms(app);
  registerClientInformationRequests(app);
};
