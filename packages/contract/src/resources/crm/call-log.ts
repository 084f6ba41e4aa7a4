import { z } from 'zod';
import { isoDate, relatedToList } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

export const callDirections = ['INBOUND', 'OUTBOUND'] as const;
export const callDirection = z.enum(callDirections, { error: 'Direction must be INBOUND or OUTBOUND' });

/** How a call ended; the spec names none, so these are the ones a recruiter's CRM (Bullhorn, Odoo) offers. */
export const callOutcomes = ['CONNECTED', 'LEFT_VOICEMAIL', 'NO_ANSWER', 'BUSY', 'WRONG_NUMBER'] as const;
export const callOutcome = z.enum(callOutcomes, {
  error: 'Outcome must be CONNECTED, LEFT_VOICEMAIL, NO_ANSWER, BUSY or WRONG_NUMBER',
});
const durationMessage = 'Duration must be a whole number of minutes from 0 to 1440';

const titleRequired = 'Please provide a title.';
const oneContact = 'Call log needs at least 1 contact id';

const editable = z.object({
  title: z.string({ error: titleRequired }).trim().min(1, titleRequired).max(300),
  comments: z.string().trim().max(20_000).optional().nullable(),
  contactIds: z.array(mongoId('contactId'), { error: oneContact }).min(1, oneContact).max(50),
  contactNumbers: z.array(z.string().trim().min(1).max(30)).max(20).optional(),
  direction: callDirection,
  /** When the call took place; now unless the caller logs an earlier one. */
  calledAt: isoDate,
  durationMinutes: z
    .number({ error: durationMessage })
    .int(durationMessage)
    .min(0, durationMessage)
    .max(1440, durationMessage)
    .optional()
    .nullable(),
  outcome: callOutcome.optional().nullable(),
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
      calledAt: isoDate.default(() => new Date().toISOString()),
      contactNumbers: editable.shape.contactNumbers.default([]),
      relatedTo: editable.shape.relatedTo.default([]),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  // The calls most recently made first, whenever they were logged.
  order: [{ field: 'calledAt', direction: 'desc' }],
  search: ['title', 'comments', 'itemId.combined'],
  filters: {
    direction: filterValue(callDirection),
    outcome: filterValue(callOutcome),
    calledAt: filterDateRange,
    contactIds: filterId('contactId'),
    relatedTo: filterRelatedTo,
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'call-logs', records: 'dialog', menu: { label: 'Call logs', icon: 'phone-call', order: 40 } },
  calls: {
    create: { method: 'POST', path: '/call-log/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/call-log/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/call-log/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/call-log/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/call-log/delete', who: ['CRM_USER'] },
  },
});
