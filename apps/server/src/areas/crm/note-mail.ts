import type { crmNote } from '@app/contract/resources/crm/note';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { newlyNamedStaff } from './newly-named-staff';

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
  const organisationId = (record.organisationId as string | null) ?? undefined;
  if (!organisationId) return;
  const emails = await newlyNamedStaff(db, {
    caller,
    organisationId,
    now: record.notifyTo ?? [],
    before: operation === 'update' ? (before?.notifyTo ?? []) : [],
  });
  const who = caller?.name || caller?.email || 'A colleague';
  const link = `${services.config.appUrl}/crm/notes?open=${record._id}`;
  for (const email of emails) {
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
