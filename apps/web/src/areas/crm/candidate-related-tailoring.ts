import type { Column } from '../../kit/resource-list';
import { formatDateTime } from '../../kit/words';

type Row = { createdAt?: string; startTime?: string };

/** The notes on a candidate's page: what was written and when (the note list has no created column of its own). */
export const candidateNoteColumns = {
  pick: ['note', 'isImportant', 'added'],
  add: [{ key: 'added', header: 'Added', render: (row: Row) => (row.createdAt ? formatDateTime(row.createdAt) : '') }] as Column<Row>[],
};

export const candidateTaskColumns = { pick: ['title', 'status', 'priority', 'assigneeIds', 'dueDate'] };

/** The events on a candidate's page: what and when. */
export const candidateEventColumns = {
  pick: ['title', 'starts'],
  add: [{ key: 'starts', header: 'Starts', render: (row: Row) => (row.startTime ? formatDateTime(row.startTime) : '') }] as Column<Row>[],
};
