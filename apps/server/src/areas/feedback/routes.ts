import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feedbackCategories, feedbackRatingOptions } from '../../db/schema/feedback';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

export const feedbackCategoryRepository = resourceRepository(feedbackCategory, feedbackCategories);
export const ratingOptionRepository = resourceRepository(feedbackRatingOption, feedbackRatingOptions);

/** Feedback categories and their rating options: a category's list answers its options as `rating` (crm.md §3). */
export const registerFeedback = (app: FastifyInstance) => {
  registerResource(app, feedbackCategoryRepository, {
    hooks: {
      afterRead: async ({ db, scope, operation, records }) => {
        if (operation !== 'list' || records.length === 0) return records;
        const options = await db
          .select({
            _id: feedbackRatingOptions.id,
            categoryId: feedbackRatingOptions.categoryId,
            label: feedbackRatingOptions.label,
            value: feedbackRatingOptions.value,
            points: feedbackRatingOptions.points,
            status: feedbackRatingOptions.status,
          })
          .from(feedbackRatingOptions)
          .where(
            and(
              inArray(
                feedbackRatingOptions.categoryId,
                records.map((record) => record._id),
              ),
              ...ratingOptionRepository.scopeWhere({ organisationId: scope.organisationId }),
            ),
          )
          .orderBy(asc(feedbackRatingOptions.createdAt), asc(feedbackRatingOptions.id));
        const byCategory = new Map<string, Omit<(typeof options)[number], 'categoryId'>[]>();
        for (const { categoryId, ...option } of options) byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), option]);
        return records.map((record) => ({ ...record, rating: byCategory.get(record._id) ?? [] }));
      },
    },
  });
  registerResource(app, ratingOptionRepository);
};
