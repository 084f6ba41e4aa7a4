import type { task } from '@app/contract/resources/crm/task';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { newlyNamedStaff } from './newly-named-staff';

/**
 * Mails each staff member a task is newly assigned to: every assignee when it is created, those an
 * update adds when it is reassigned; never the one who assigned it (they know). Queued in the write's
 * transaction, so a refused write mails no one and the mail goes out once it commits.
 */
export const mailNewAssignees: ResourceHooks<typeof task>['afterWrite'] = async ({ db, caller, services, operation, record, before }) => {
  if (operation !== 'create' && operation !== 'update') return;
  const organisationId = (record.organisationId as string | null) ?? undefined;
  if (!organisationId) return;
  const emails = await newlyNamedStaff(db, {
    caller,
    organisationId,
    now: record.assigneeIds ?? [],
    before: (before?.assigneeIds as string[] | undefined) ?? [],
  });
  const who = caller?.name || caller?.email || 'A colleague';
  const number = (record.itemId as { combined?: string } | null)?.combined;
  const link = `${services.config.appUrl}/crm/tasks?open=${record._id}`;
  const text = [
    `${who} assigned you the task "${record.title}"${number ? ` (${number})` : ''}.`,
    `Priority: ${record.priority}${record.dueDate ? `. Due: ${new Date(record.dueDate).toUTCString()}` : ''}.`,
    ...(record.description ? ['', record.description] : []),
    '',
    `Open it in the CRM: ${link}`,
  ].join('\n');
  for (const email of emails) {
    await services.mail.send(db, {
      to: email,
      subject: `${who} assigned you a task: ${record.title}`,
      text,
      priority: 'BULK',
      sentFor: {
        organisationId,
        by: caller ? { id: caller.id, name: who } : null,
        kind: 'TASK_ASSIGNED',
        relatedTo: [{ _id: record._id, entityType: 'Task' }],
      },
    });
  }
};
