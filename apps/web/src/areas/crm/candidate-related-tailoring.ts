import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Column } from '../../kit/resource-list';
import type { Tailoring } from '../../kit/tailor';
import { formatDateTime } from '../../kit/words';

type Row = { createdAt?: string; startTime?: string };

/** The notes on a candidate's page: what was written and when (the note list has no created column of its own). */
export const candidateNoteColumns = {
  pick: ['note', 'isImportant', 'added'],
  add: [{ key: 'added', header: 'Added', render: (row: Row) => (row.createdAt ? formatDateTime(row.createdAt) : '') }] as Column<Row>[],
};

export const candidateTaskColumns = { pick: ['title', 'status', 'priority', 'assigneeIds', 'dueDate'] };

/**
 * The task form, wherever a task is added or edited (the Tasks page, a candidate's Tasks tab). A timestamp
 * has no derived input: the due date is picked to the minute, in the person's own time.
 */
export const taskFormFields: Tailoring<FieldDescriptor> = {
  pick: ['title', 'description', 'status', 'priority', 'assigneeIds', 'dueDate', 'comment'],
  add: [{ name: 'dueDate', label: 'Due date', kind: 'dateTime', nullable: true }],
};

/** The events on a candidate's page: what and when. */
export const candidateEventColumns = {
  pick: ['title', 'starts'],
  add: [{ key: 'starts', header: 'Starts', render: (row: Row) => (row.startTime ? formatDateTime(row.startTime) : '') }] as Column<Row>[],
};
