import { overallScores } from '@app/contract/resources/hiring/interview';
import { Select, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../kit/api';
import { mapFieldErrors } from '../../kit/field-errors';

type Mine = {
  remarks: string;
  overallScore: number;
  scorecardItems: { category: { _id: string }; score: { _id: string } }[];
} | null;

export type ScoredCategory = { _id: string; label: string; rating: { _id: string; label: string; points: string }[] };

const scoreOptions = Object.entries(overallScores).map(([points, label]) => ({ value: points, label: `${points}: ${label}` }));

/** One person's scorecard as they fill it in, starting from the one they sent before (a new one replaces it). */
export const useScorecardDraft = (mine: Mine | undefined) => {
  const [overall, setOverall] = useState<string | null>(mine ? String(mine.overallScore) : null);
  const [remarks, setRemarks] = useState(mine?.remarks ?? '');
  const [ratings, setRatings] = useState<Record<string, string | null>>(
    Object.fromEntries((mine?.scorecardItems ?? []).map((item) => [item.category._id, item.score._id])),
  );
  return {
    overall,
    setOverall,
    remarks,
    setRemarks,
    ratings,
    setRating: (categoryId: string, value: string | null) => setRatings((current) => ({ ...current, [categoryId]: value })),
    /** What `/interview/feedback` and `/interview-information/feedback` take as `scorecard`. */
    scorecard: () => ({
      remarks,
      overallScore: Number(overall),
      scorecardItems: Object.entries(ratings).flatMap(([categoryId, ratingOptionId]) =>
        ratingOptionId ? [{ categoryId, ratingOptionId }] : [],
      ),
    }),
  };
};

export type ScorecardDraft = ReturnType<typeof useScorecardDraft>;

/**
 * The API's messages for the scorecard's two required parts, by part: under `scorecard.` for an
 * interview's, at the top (`prefix` '') for a client's feedback.
 */
export const scorecardErrors = (error: unknown, prefix = 'scorecard.'): { overallScore?: string; remarks?: string } => {
  if (!isApiError(error)) return {};
  const { mapped } = mapFieldErrors(error.errors, [{ name: `${prefix}overallScore` }, { name: `${prefix}remarks` }]);
  return Object.fromEntries(
    (['overallScore', 'remarks'] as const).flatMap((part) => (mapped[`${prefix}${part}`] ? [[part, mapped[`${prefix}${part}`]]] : [])),
  );
};

/** The scorecard's fields: the overall verdict, a rating per category (its options), and the remarks. */
export const ScorecardFields = ({
  draft,
  categories,
  error,
  errorPrefix,
}: {
  draft: ScorecardDraft;
  categories: ScoredCategory[];
  error: unknown;
  errorPrefix?: string;
}) => {
  const errors = scorecardErrors(error, errorPrefix);
  return (
    <>
      <Select
        label="Overall"
        placeholder="Your verdict"
        data={scoreOptions}
        value={draft.overall}
        onChange={draft.setOverall}
        required
        error={errors.overallScore}
      />
      {categories.map((category) => (
        <Select
          key={category._id}
          label={category.label}
          placeholder="Not rated"
          clearable
          data={category.rating.map((option) => ({ value: option._id, label: `${option.label} (${option.points})` }))}
          value={draft.ratings[category._id] ?? null}
          onChange={(value) => draft.setRating(category._id, value)}
        />
      ))}
      <Textarea
        label="Remarks"
        description="What you saw: the evidence for your verdict."
        autosize
        minRows={3}
        value={draft.remarks}
        onChange={(event) => draft.setRemarks(event.currentTarget.value)}
        required
        error={errors.remarks}
      />
    </>
  );
};
