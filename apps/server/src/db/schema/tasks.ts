import type { RelatedTo, UploadedFile } from '@app/contract/conventions/common';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

const time = () => timestamp({ withTimezone: true, mode: 'date' });

export const tasks = pgTable(
  'tasks',
  {
    ...baseColumns(),
    title: text().notNull(),
    description: text(),
    comment: text(),
    attachments: jsonb().$type<UploadedFile[]>().notNull().default([]),
    type: text(),
    status: text().notNull().default('TODO'),
    priority: text().notNull().default('MEDIUM'),
    assigneeIds: jsonb().$type<string[]>().notNull().default([]),
    assignedDate: time(),
    dueDate: time(),
    completedAt: time(),
    relatedTo: jsonb().$type<RelatedTo[]>().notNull().default([]),
  },
  (t) => [
    index('tasks_organisation_created').on(t.organisationId, t.createdAt),
    // Assignees' own tasks and a record's page: `assignee_ids @> [id]`, `related_to @> [{ _id }]`.
    index('tasks_assignee_ids').using('gin', t.assigneeIds),
    index('tasks_related_to').using('gin', t.relatedTo),
  ],
);
