import { z } from 'zod';
import { relatedToList, uploadedFile } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

const noteRequired = 'Please provide note';

const editable = z.object({
  note: z.string({ error: noteRequired }).trim().min(1, noteRequired).max(20_000),
  relatedTo: relatedToList.optional(),
  isImportant: z.boolean().optional(),
  /** Staff mailed the note when it is written (those an update adds, when updated). */
  notifyTo: z.array(mongoId('notifyTo')).max(50).optional(),
  attachments: z.array(uploadedFile).max(20).optional(),
});

/** A staff note about any CRM record (crm.md §3 Note); the staff it names are mailed it. */
export const crmNote = defineResource({
  name: 'CrmNote',
  table: 'crm_notes',
  tenancy: 'organisation',
  access: { module: 'CrmNote' },
  labelField: 'note',
  references: { notifyTo: { resource: 'OrganisationStaff', expandAs: 'notifyToStaff' } },
  relatedTo: 'relatedTo',
  fields: editable,
  create: editable
    .extend({
      relatedTo: editable.shape.relatedTo.default([]),
      isImportant: editable.shape.isImportant.default(false),
      notifyTo: editable.shape.notifyTo.default([]),
      attachments: editable.shape.attachments.default([]),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  search: ['note'],
  filters: { relatedTo: filterRelatedTo, isImportant: filterValue(z.boolean()), createdAt: filterDateRange },
  screen: { area: 'crm', path: 'notes', records: 'dialog', menu: { label: 'Notes', icon: 'notes', order: 80 } },
  calls: {
    create: { method: 'POST', path: '/note/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/note/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/note/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/note/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/note/delete', who: ['CRM_USER'] },
  },
});
