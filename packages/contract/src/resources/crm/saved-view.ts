import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';
import { unscoped } from '../../scope-policy';

const viewName = 'Please enter view name';

export const savedViewSort = z.object({ key: z.string().trim().min(1).max(100), direction: z.enum(['asc', 'desc']) }).strict();

const editable = z.object({
  name: z.string({ error: viewName }).trim().min(1, viewName).max(100),
  search: z.string().max(200).default(''),
  /** The list's filter as its list call takes it; the list call checks it again when the view is used. */
  filter: z.record(z.string(), z.unknown()).default({}),
  /** The columns shown, by key, in order; empty shows the definition's own. */
  columns: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  sort: savedViewSort.nullable().optional(),
});

/**
 * A list's search, filters, columns and sort kept under a name, per user and per resource ("Client"):
 * the views Bullhorn and Workable users pick from a menu above a list. Only its creator sees it
 * (owner tenancy: every query is scoped by the caller, never by an id a client sends).
 */
export const savedView = defineResource({
  name: 'SavedView',
  table: 'saved_views',
  tenancy: 'owner',
  policies: [unscoped('each user keeps their own views: owner tenancy scopes every query by the caller')],
  labelField: 'name',
  fields: editable.extend({ resource: z.string() }),
  create: editable
    .extend({ resource: z.string({ error: 'Please select a list' }).trim().min(1, 'Please select a list').max(100) })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  search: ['name'],
  filters: { resource: filterValue(z.string().max(100)) },
  order: [{ field: 'name', direction: 'asc' }],
  unique: [{ fields: ['ownerId', 'resource', 'name'], message: 'You already have a view with this name', global: true }],
  calls: {
    create: { method: 'POST', path: '/saved-view/', who: ['CRM_USER'], summary: 'Saves a list’s search, filters, columns and sort' },
    update: { method: 'PUT', path: '/saved-view/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/saved-view/details', who: ['CRM_USER'] },
    list: {
      method: 'POST',
      path: '/saved-view/list',
      who: ['CRM_USER'],
      summary: 'The caller’s own views, of one list with filter.resource',
    },
    remove: { method: 'PUT', path: '/saved-view/delete', who: ['CRM_USER'] },
  },
});
