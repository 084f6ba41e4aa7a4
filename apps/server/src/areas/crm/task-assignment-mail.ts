import type { task } from '@app/contract/resources/crm/task';
import { and, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { staffRepository } from '../staff/repository';

/**
 * Mails each staff member a task is newly assigned to: every assignee when it is created, those an
 * update adds when it is reassigned; never the one who assigned it (they know). Queued in the write's
 * transaction, so a refused write mails no one and the mail goes out once it commits.
 */
export const mailNewAssignees: ResourceHooks<typeof task>['afterWrite'] = async ({ db, caller, services, operation, record, before }) => {
  if (operation !== 'create' && operation !== 'update') return;
  const already = new Set((before?.assigneeIds as string[] | undefined) ?? []);
  const ids = (record.assigneeIds ?? []).filter((id) => !already.has(id) && id !== caller?.id);
  const organisationId = (record.organisationId as string | null) ?? undefined;
  if (ids.length === 0 || !organisationId) return;
  const staff = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), ...staffRepository.scopeWhere({ organisationId })));
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
  for (const { email } of staff) {
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
