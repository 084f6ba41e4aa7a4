import type { PipelineItem } from '@app/contract/resources/hiring/pipeline';

/** An application as the board draws its card. */
export type BoardCard = {
  _id: string;
  candidateId: string;
  candidate?: { _id: string; label: string | null } | null;
  pipelineCurrentStage: string | null;
  stageEnteredAt: string;
  isPersonalInfoVisibleToClient: boolean;
  source: string;
  interviews?: { avgScorecard: { points: number | null } | null }[];
};

export type BoardFilter = { search: string; source: string | null };

/** The stages a board shows: the pipeline's enabled ones, in order. */
export const columnsOf = (items: readonly PipelineItem[]) => items.filter((item) => item.enabled).sort((a, b) => a.orderNo - b.orderNo);

const matches = (card: BoardCard, filter: BoardFilter) => {
  if (filter.source && card.source !== filter.source) return false;
  const words = filter.search.trim().toLowerCase();
  return !words || (card.candidate?.label ?? '').toLowerCase().includes(words);
};

/** The cards of each column that pass the filters, longest in the stage first (the ones waiting on someone). */
export const groupByStage = (cards: readonly BoardCard[], columns: readonly PipelineItem[], filter: BoardFilter) => {
  const groups = new Map<string, BoardCard[]>(columns.map((column) => [column._id, []]));
  for (const card of cards) {
    if (!card.pipelineCurrentStage || !matches(card, filter)) continue;
    groups.get(card.pipelineCurrentStage)?.push(card);
  }
  for (const list of groups.values()) list.sort((a, b) => a.stageEnteredAt.localeCompare(b.stageEnteredAt));
  return groups;
};

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** How long a card has been in its stage, in the largest whole unit: "5 min", "3 h", "4 d", "6 w". */
export const timeInStage = (since: string, now: number) => {
  const elapsed = Math.max(0, now - new Date(since).getTime());
  if (elapsed < hour) return `${Math.floor(elapsed / minute)} min`;
  if (elapsed < day) return `${Math.floor(elapsed / hour)} h`;
  if (elapsed < 14 * day) return `${Math.floor(elapsed / day)} d`;
  return `${Math.floor(elapsed / (7 * day))} w`;
};

/** What a move to a stage asks first: joining dates for a hire, whether to write to the candidate for a rejection or an offer. */
export const questionsFor = (stageType: string | undefined) => ({
  joining: stageType === 'HIRED',
  letter: stageType === 'REJECTED' || stageType === 'OFFERED',
});

export type MoveAnswers = { remarks: string; joiningDate?: string; joiningEndDate?: string; notifyCandidate?: boolean };

/** A day picked in a form as the instant the API takes. */
const dayInstant = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`).toISOString() : undefined);

/** The body of a move: one application, or many in one transaction. */
export const movePayload = (ids: readonly string[], stageId: string, answers: MoveAnswers) => {
  const common = {
    pipelineItemId: stageId,
    ...(answers.remarks.trim() ? { remarks: answers.remarks.trim() } : {}),
    ...(answers.joiningDate ? { joiningDate: dayInstant(answers.joiningDate) } : {}),
    ...(answers.joiningEndDate ? { joiningEndDate: dayInstant(answers.joiningEndDate) } : {}),
    ...(answers.notifyCandidate === undefined ? {} : { notifyCandidate: answers.notifyCandidate }),
  };
  return ids.length === 1 ? { jobApplicationId: ids[0] as string, ...common } : { jobApplicationIds: [...ids], ...common };
};

/** The cards after a move, before the server answers: moved to the stage, in it since now. */
export const movedLocally = (cards: readonly BoardCard[], ids: readonly string[], stageId: string, now: string) => {
  const moving = new Set(ids);
  return cards.map((card) =>
    moving.has(card._id) && card.pipelineCurrentStage !== stageId ? { ...card, pipelineCurrentStage: stageId, stageEnteredAt: now } : card,
  );
};

/** The mean interview score of a card, when it has scored interviews. */
export const scoreOf = (card: BoardCard) => {
  const points = (card.interviews ?? [])
    .map((interview) => interview.avgScorecard?.points)
    .filter((p): p is number => typeof p === 'number');
  return points.length ? Math.round((points.reduce((a, b) => a + b, 0) / points.length) * 10) / 10 : null;
};
