import { z } from 'zod';
import { isoDate, relatedToList, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource, defineWorkflow } from '../../define-resource';
import { assigneeSees } from '../../scope-policy';

export const taskStatuses = ['TODO', 'IN_PROGRESS', 'DONE', 'CANCELLED'] as const;
export const taskStatus = z.enum(taskStatuses, { error: 'Status must be TODO, IN_PROGRESS, DONE or CANCELLED' });
export const taskPriorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const taskPriority = z.enum(taskPriorities, { error: 'Priority must be LOW, MEDIUM, HIGH or URGENT' });

const titleRequired = 'Please provide a title.';

const editable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(300),
  description: z.string().trim().max(20_000).optional().nullable(),
  comment: z.string().trim().max(20_000).optional().nullable(),
  attachments: z.array(uploadedFile).max(20).optional(),
  type: z.string().trim().max(100).optional().nullable(),
  status: taskStatus,
  priority: taskPriority,
  assigneeIds: z.array(mongoId('assigneeIds')).max(50).optional(),
  assignedDate: isoDate.optional().nullable(),
  dueDate: isoDate.optional().nullable(),
  relatedTo: relatedToList.optional(),
});

export const taskAssignedTo = z.enum(['ME', 'MY_TEAM']);

/**
 * A piece of work for staff (crm.md §3 Task). `completedAt` is the server's: set when the status
 * becomes DONE, cleared when it leaves DONE. Staff who see only their own tasks also see those
 * assigned to them. An update with `profile` (or any other field not listed) is refused.
 */
export const task = defineResource({
  name: 'Task',
  table: 'tasks',
  tenancy: 'organisation',
  access: { module: 'Task' },
  policies: [assigneeSees('assigneeIds')],
  itemIdPrefix: 'TSK',
  labelField: 'title',
  references: { assigneeIds: { resource: 'OrganisationStaff', expandAs: 'assignees' } },
  relatedTo: 'relatedTo',
  fields: editable.extend({ completedAt: isoDate.optional().nullable() }),
  create: editable
    .extend({
      status: taskStatus.default('TODO'),
      priority: taskPriority.default('MEDIUM'),
      attachments: editable.shape.attachments.default([]),
      assigneeIds: editable.shape.assigneeIds.default([]),
      relatedTo: editable.shape.relatedTo.default([]),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: taskStatus,
  search: ['title', 'description', 'itemId.combined'],
  computed: ['assignedTo'],
  filters: {
    /** ME: assigned to the caller; MY_TEAM: assigned to anyone in a team the caller belongs to. */
    assignedTo: filterValue(taskAssignedTo),
    status: filterValue(taskStatus),
    priority: filterValue(taskPriority),
    assigneeIds: filterId('assigneeIds'),
    dueDate: filterDateRange,
    relatedTo: filterRelatedTo,
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'tasks', records: 'dialog', menu: { label: 'Tasks', icon: 'checklist', order: 60 } },
  calls: {
    create: { method: 'POST', path: '/task/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/task/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/task/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/task/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/task/delete', who: ['CRM_USER'] },
  },
});

/**
 * The caller's task counts for the dashboard: `pendingCount`, tasks assigned to them still TODO or
 * IN_PROGRESS; `assignedCount`, every live task assigned to them.
 */
export const taskDashboardCount = defineWorkflow({
  name: 'taskDashboardCount',
  tag: 'Task',
  method: 'POST',
  path: '/task/dashboard-count',
  who: ['CRM_USER'],
  access: { module: 'Task' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'How many tasks are assigned to the caller, and how many of them are still to do',
  input: z.object({}).strict().default({}),
  output: z.object({ pendingCount: z.number().int(), assignedCount: z.number().int() }),
});
