import { z } from 'zod';
import { genericStatus } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterId, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

const labelRequired = 'Please provide rating label.';
// As the spec writes it, typo included: client software matches it.
const pointsRequired = 'Plese provide points related.';

const editable = z.object({
  label: z.string({ error: labelRequired }).trim().min(1, labelRequired).max(200),
  value: z.string().trim().max(200).optional().nullable(),
  points: z.string({ error: pointsRequired }).trim().min(1, pointsRequired).max(50),
});

/**
 * A score a feedback category is rated with ("Strong hire", points "4"), crm.md §3 Feedback rating
 * option; ACTIVE or INACTIVE (DECISIONS.md §8). Client users list them to score their own feedback;
 * a category's list answers its options as `rating`.
 */
export const feedbackRatingOption = defineResource({
  name: 'Feedback Rating Option',
  table: 'feedback_rating_options',
  tenancy: 'organisation',
  access: { module: 'Feedback Rating Options' },
  labelField: 'label',
  references: { categoryId: { resource: 'Feedback Category', expandAs: 'category' } },
  fields: editable.extend({ categoryId: z.string(), status: genericStatus }),
  create: editable.extend({ categoryId: mongoId('categoryId'), status: genericStatus.default('ACTIVE') }).strict(),
  update: editable.partial().extend({ _id: mongoId(), status: genericStatus.optional() }).strict(),
  status: genericStatus,
  search: ['label', 'value', 'points'],
  filters: { status: filterValue(genericStatus), categoryId: filterId('categoryId') },
  sortable: ['label'],
  screen: {
    area: 'crm',
    path: 'feedback-rating-options',
    records: 'dialog',
    menu: { label: 'Rating options', icon: 'list-numbers', order: 141 },
  },
  calls: {
    create: { method: 'POST', path: '/feedback-rating-options/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/feedback-rating-options/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/feedback-rating-options/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/feedback-rating-options/list', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    remove: { method: 'POST', path: '/feedback-rating-options/delete', who: ['CRM_USER'] },
  },
});

/** An option as a category's list answers it under `rating`. */
export const ratingOfCategory = z.object({
  _id: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  points: z.string(),
  status: genericStatus,
});
