import type { crmNote } from '@app/contract/resources/crm/note';
import { and, inArray, ne } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { staffRepository } from '../staff/repository';

/**
 * Mails the note to the staff its `notifyTo` names: all of them when it is written, those an update
 * adds when it is changed; never the author. Queued in the write's transaction, so a refused write
 * mails no one and the mail goes out once it commits.
 */
export const mailNotifiedStaff: ResourceHooks<typeof crmNote>['afterWrite'] = async ({
  db,
  caller,
  services,
  operation,
  record,
  before,
}) => {
  if (operation !== 'create' && operation !== 'update') return;
  const already = new Set(operation === 'update' ? (before?.notifyTo ?? []) : []);
  const ids = (record.notifyTo ?? []).filter((id) => !already.has(id) && id !== caller?.id);
  const organisationId = (record.organisationId as string | null) ?? undefined;
  if (ids.length === 0 || !organisationId) return;
  const staff = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.id, caller?.id ?? ''), ...staffRepository.scopeWhere({ organisationId })));
  const who = caller?.name || caller?.email || 'A colleague';
  const link = `${services.config.appUrl}/crm/notes?open=${record._id}`;
  for (const { email } of staff) {
    await services.mail.send(db, {
      to: email,
      subject: `${record.isImportant ? 'Important note' : 'A note'} from ${who}`,
      text: `${who} wrote a note for you:\n\n${record.note}\n\nOpen it in the CRM: ${link}`,
      priority: 'BULK',
      sentFor: {
        organisationId,
        by: caller ? { id: caller.id, name: who } : null,
        kind: 'NOTE',
        relatedTo: [{ _id: record._id, entityType: 'CrmNote' }],
      },
    });
  }
};
