import { z } from 'zod';
import { isoDate, itemId } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { listResult } from '../../conventions/list';
import { defineWorkflow } from '../../define-resource';
import { unscoped } from '../../scope-policy';

export const linkedRecord = z.object({
  /** The linked record's definition name ("Task", "CrmNote", "Lead"). */
  entityType: z.string(),
  _id: z.string(),
  /** What names it to a person: its definition's label field. */
  label: z.string().nullable(),
  createdAt: isoDate,
  itemId: itemId.partial().nullable().optional(),
});
export type LinkedRecord = z.infer<typeof linkedRecord>;

/**
 * Every record whose related-to list names this one (the notes, tasks, leads, later events, call
 * logs and emails about a client or candidate), newest first, in one query over every registered
 * resource that has a related-to list. Only the resources the caller may READ are included, each
 * within the caller's OWN/TEAM/ALL scope. A record not in the caller's organisation is a 404.
 */
export const linkedRecords = defineWorkflow({
  name: 'linkedRecords',
  tag: 'Dashboard',
  method: 'POST',
  path: '/crm/linked-records',
  who: ['CRM_USER'],
  policies: [unscoped('each linked resource is included only where the caller holds READ on it, within its scope')],
  tenancy: 'organisation',
  summary: 'The records linked to one record through their related-to lists, newest first',
  input: z
    .object({
      entityType: z.string({ error: 'entityType is required' }).trim().min(1, 'entityType is required').max(100),
      _id: mongoId(),
      page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
      limit: z
        .union([z.literal('ALL'), z.coerce.number({ error: 'limit must be a number or ALL' }).int().min(1).max(100)], {
          error: 'limit must be a number from 1 to 100 or ALL',
        })
        .default(10),
    })
    .strict(),
  output: listResult(linkedRecord),
});
