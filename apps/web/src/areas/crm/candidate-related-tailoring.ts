import { event } from '@app/contract/resources/crm/event';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Column } from '../../kit/resource-list';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { Tailoring } from '../../kit/tailor';
import { formatDateTime } from '../../kit/words';

type Row = { createdAt?: string; startTime?: string };

/** The notes on a candidate's page: what was written and when (the note list has no created column of its own). */
export const candidateNoteScreen = screenTailoring({
  resource: crmNote,
  fields: { pick: ['note', 'isImportant', 'notifyTo'] },
  columns: {
    pick: ['note', 'isImportant', 'added'],
    add: [{ key: 'added', header: 'Added', render: (row: Row) => (row.createdAt ? formatDateTime(row.createdAt) : '') }] as Column<Row>[],
  } as never,
});

/**
 * The task form, wherever a task is added or edited (the Tasks page, a candidate's Tasks tab). A timestamp
 * has no derived input: the due date is picked to the minute, in the person's own time.
 */
export const taskFormFields: Tailoring<FieldDescriptor> = {
  pick: ['title', 'description', 'status', 'priority', 'assigneeIds', 'dueDate', 'comment'],
  add: [{ name: 'dueDate', label: 'Due date', kind: 'dateTime', nullable: true }],
};

/** A candidate's tasks: the task form, and what is to be done by whom and when. */
export const candidateTaskScreen = screenTailoring({
  resource: task,
  fields: taskFormFields,
  columns: { pick: ['title', 'status', 'priority', 'assigneeIds', 'dueDate'] },
});

/** The events on a candidate's page: what and when. */
export const candidateEventScreen = screenTailoring({
  resource: event,
  columns: {
    pick: ['title', 'starts'],
    add: [{ key: 'starts', header: 'Starts', render: (row: Row) => (row.startTime ? formatDateTime(row.startTime) : '') }] as Column<Row>[],
  } as never,
  filters: { pick: [] },
});
