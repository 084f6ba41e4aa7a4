import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { feedbackCategories, feedbackRatingOptions } from '../../db/schema/feedback';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { WriteContext } from '../../engine/resource-hooks';

export const feedbackCategoryRepository = resourceRepository(feedbackCategory, feedbackCategories);
export const ratingOptionRepository = resourceRepository(feedbackRatingOption, feedbackRatingOptions);

/** What a new organisation scores interviews against until it changes them: four categories, each rated on four points. */
const defaultCategories = ['Communication', 'Technical skills', 'Problem solving', 'Motivation and values'];
const defaultRatings = [
  { label: 'Poor', points: '1' },
  { label: 'Fair', points: '2' },
  { label: 'Good', points: '3' },
  { label: 'Excellent', points: '4' },
];

/** A new organisation's scorecard: the default categories with their ratings, through the repositories (logged). */
export const seedDefaultScorecard = async (db: Executor, writer: WriteContext) => {
  for (const label of defaultCategories) {
    const category = await feedbackCategoryRepository.create(db, { ...writer, values: { label, value: slugOf(label), status: 'ACTIVE' } });
    await ratingOptionRepository.createMany(db, {
      ...writer,
      values: defaultRatings.map((rating) => ({
        ...rating,
        value: rating.label.toLowerCase(),
        categoryId: category._id,
        status: 'ACTIVE',
      })),
    });
  }
};

const slugOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

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
