import { z } from 'zod';
import { relatedToList } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

export const callDirections = ['INBOUND', 'OUTBOUND'] as const;
export const callDirection = z.enum(callDirections, { error: 'Direction must be INBOUND or OUTBOUND' });

const titleRequired = 'Please provide a title.';
const oneContact = 'Call log needs at least 1 contact id';

const editable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(300),
  comments: z.string().trim().max(20_000).optional().nullable(),
  contactIds: z.array(mongoId('contactId'), { error: oneContact }).min(1, oneContact).max(50),
  contactNumbers: z.array(z.string().trim().min(1).max(30)).max(20).optional(),
  direction: callDirection,
  relatedTo: relatedToList.optional(),
});

/** A phone call staff logged with one or more contacts (job-board-and-admin.md §3 Call log). */
export const callLog = defineResource({
  name: 'Call Log',
  table: 'call_logs',
  tenancy: 'organisation',
  access: { module: 'Call Log' },
  itemIdPrefix: 'CAL',
  labelField: 'title',
  references: { contactIds: { resource: 'Contact', expandAs: 'contacts' } },
  relatedTo: 'relatedTo',
  fields: editable,
  create: editable
    .extend({
      direction: callDirection.default('OUTBOUND'),
      contactNumbers: editable.shape.contactNumbers.default([]),
      relatedTo: editable.shape.relatedTo.default([]),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'comments', 'itemId.combined'],
  filters: {
    direction: filterValue(callDirection),
    contactIds: filterId('contactId'),
    relatedTo: filterRelatedTo,
    createdAt: filterDateRange,
  },
  calls: {
    create: { method: 'POST', path: '/call-log/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/call-log/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/call-log/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/call-log/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/call-log/delete', who: ['CRM_USER'] },
  },
});
