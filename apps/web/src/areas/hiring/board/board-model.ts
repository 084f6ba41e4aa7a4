import { maxAtOnce } from '@app/contract/conventions/bulk';
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

/** Lower case without accents, so "zoe" finds Zoë. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A predicate for the filters, the search folded once rather than for each of thousands of cards. */
const matcherOf = (filter: BoardFilter) => {
  const words = folded(filter.search.trim()).split(/\s+/).filter(Boolean);
  return (card: BoardCard) => {
    if (filter.source && card.source !== filter.source) return false;
    if (words.length === 0) return true;
    const name = folded(card.candidate?.label ?? '');
    return words.every((word) => name.includes(word));
  };
};

/** The cards of each column that pass the filters, longest in the stage first (the ones waiting on someone). */
export const groupByStage = (cards: readonly BoardCard[], columns: readonly PipelineItem[], filter: BoardFilter) => {
  const groups = new Map<string, BoardCard[]>(columns.map((column) => [column._id, []]));
  const matches = matcherOf(filter);
  for (const card of cards) {
    if (!card.pipelineCurrentStage || !matches(card)) continue;
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

/** The body of a move: one application, or many (at most `maxAtOnce`) in one transaction. */
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

/** How many cards each column shows under the filters, by stage id. */
export const countsOf = (groups: ReadonlyMap<string, readonly BoardCard[]>) =>
  new Map([...groups].map(([stageId, cards]) => [stageId, cards.length]));

/** The applications a move really moves: those on the board and not already in the destination. */
export const movableIds = (cards: readonly BoardCard[], ids: readonly string[], stageId: string) => {
  const stageOf = new Map(cards.map((card) => [card._id, card.pipelineCurrentStage]));
  return ids.filter((id) => stageOf.has(id) && stageOf.get(id) !== stageId);
};

/**
 * The calls a move makes: one per application alone, else batches of at most `maxAtOnce` (the
 * server's limit for a multi-move), each batch atomic on the server.
 */
export const movePayloads = (ids: readonly string[], stageId: string, answers: MoveAnswers) => {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += maxAtOnce) batches.push(ids.slice(start, start + maxAtOnce));
  return batches.map((batch) => ({ ids: batch, payload: movePayload(batch, stageId, answers) }));
};

/** The cards with some put back as they were before a move the server refused. */
export const restoredCards = (cards: readonly BoardCard[], before: readonly BoardCard[], ids: readonly string[]) => {
  const refused = new Set(ids);
  const previous = new Map(before.filter((card) => refused.has(card._id)).map((card) => [card._id, card]));
  return cards.map((card) => previous.get(card._id) ?? card);
};

/** The ids from one card to another in a column's order, both included (a shift-click's range); only the target when the anchor is elsewhere. */
export const rangeBetween = (ordered: readonly string[], anchor: string | null, target: string) => {
  const to = ordered.indexOf(target);
  const from = anchor === null ? -1 : ordered.indexOf(anchor);
  if (to < 0) return [];
  if (from < 0) return [target];
  return ordered.slice(Math.min(from, to), Math.max(from, to) + 1);
};

/** The selection after ticking or unticking some cards. */
export const toggled = (selected: ReadonlySet<string>, ids: readonly string[], on: boolean) => {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
};

/** The selected applications the filters still show: a bulk move moves only what the recruiter can see. */
export const visibleSelection = (selected: ReadonlySet<string>, groups: ReadonlyMap<string, readonly BoardCard[]>) => {
  const shown: string[] = [];
  for (const cards of groups.values()) for (const card of cards) if (selected.has(card._id)) shown.push(card._id);
  return shown;
};

/** The sources the board's applications came from, for the source filter. */
export const sourcesOf = (cards: readonly BoardCard[]) => [...new Set(cards.map((card) => card.source))].sort();

/**
 * The column a card held by the keyboard goes to with the left or right arrow: the nearest whose
 * centre is past the card's centre in that direction; none at either end.
 */
export const columnToward = (columns: readonly { id: string; left: number; width: number }[], fromCentre: number, direction: 1 | -1) => {
  let best: { id: string; left: number; width: number } | undefined;
  for (const column of columns) {
    const centre = column.left + column.width / 2;
    if ((centre - fromCentre) * direction <= 1) continue;
    if (!best || Math.abs(centre - fromCentre) < Math.abs(best.left + best.width / 2 - fromCentre)) best = column;
  }
  return best;
};
