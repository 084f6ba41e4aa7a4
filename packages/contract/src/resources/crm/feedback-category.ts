import { z } from 'zod';
import { genericStatus } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';
import { ratingOfCategory } from './feedback-rating-option';

const labelRequired = 'Please provide category label';

const editable = z.object({
  label: z.string({ error: labelRequired }).trim().min(1, labelRequired).max(200),
  value: z.string().trim().max(200).optional().nullable(),
});

/**
 * What feedback on a candidate is scored under ("Communication", "Technical skills"), crm.md §3
 * Feedback category; its status is ACTIVE or INACTIVE (DECISIONS.md §8). Client users list them to
 * give their own feedback; its list answers each category's rating options as `rating`.
 */
export const feedbackCategory = defineResource({
  name: 'Feedback Category',
  table: 'feedback_categories',
  tenancy: 'organisation',
  access: { module: 'Feedback Category' },
  labelField: 'label',
  computed: ['rating'],
  // A category's list answers its rating options (crm.md §3); details and writes answer the category alone.
  fields: editable.extend({ status: genericStatus, rating: z.array(ratingOfCategory).optional() }),
  create: editable.extend({ status: genericStatus.default('ACTIVE') }).strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['label', 'value'],
  filters: { status: filterValue(genericStatus) },
  sortable: ['label'],
  screen: {
    area: 'crm',
    path: 'feedback-categories',
    records: 'dialog',
    menu: { label: 'Feedback categories', icon: 'stars', order: 140 },
  },
  calls: {
    create: { method: 'POST', path: '/feedback-category/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/feedback-category/', who: ['CRM_USER'] },
    setStatus: { method: 'POST', path: '/feedback-category/update-status', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/feedback-category/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/feedback-category/list', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    remove: { method: 'POST', path: '/feedback-category/delete', who: ['CRM_USER'] },
  },
});
