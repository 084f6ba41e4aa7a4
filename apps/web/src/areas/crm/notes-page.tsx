import { crmNote } from '@app/contract/resources/crm/note';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { formatDateTime } from '../../kit/words';
import { linkedRecordField, linkedToColumn } from './linked-to';
import { RecordLinks } from './record-links';

export const noteScreen = screenTailoring({
  resource: crmNote,
  fields: { add: [linkedRecordField], pick: ['note', 'isImportant', 'notifyTo', 'relatedTo'] },
  columns: {
    pick: ['note', 'isImportant', 'notifyTo', 'linkedTo', 'createdAt'],
    // When a note was written is a system field, not one of the definition's: its column is added here.
    add: [{ key: 'createdAt', header: 'Added', render: (row) => formatDateTime(row.createdAt) }, linkedToColumn],
  },
});

/** /crm/notes: the organisation's notes; the staff a note notifies are mailed it. */
export const NotesPage = () => (
  <ResourceScreen
    {...noteScreen}
    title="Notes"
    noun="note"
    description="Notes about your clients and candidates. The colleagues you notify get the note by mail."
    searchPlaceholder="Words in the note"
    rowLabel={(row) => (row.note.length > 40 ? `${row.note.slice(0, 40)}…` : row.note)}
    recordExtra={(row) => <RecordLinks entityType="CrmNote" id={row._id} />}
  />
);
