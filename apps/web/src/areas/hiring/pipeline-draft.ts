import type { FieldError } from '@app/contract/conventions/envelope';
import { type PipelineItem, type StageType, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';

/** A stage as the editor holds it: `key` stays with the row through moves; `_id` is the saved stage it keeps. */
export type DraftStage = { key: string; _id?: string; title: string; stageType: StageType; enabled: boolean };

/** A pipeline being edited: a saved one (`_id`), a copy of one, or a new one. */
export type Draft = { _id?: string; title: string; description: string; stages: DraftStage[]; systemDefaultPipeline: boolean };

type SavedPipeline = {
  _id: string;
  title: string;
  description?: string | null;
  systemDefaultPipeline: boolean;
  items: readonly PipelineItem[];
};

/** Where the pipelines open: the list, one pipeline (or `new`), and a new one copied from another. */
export const listPath = '/crm/pipelines';
export const pipelinePath = (id: string) => `${listPath}/${id}`;
export const copyPath = (id: string) => `${listPath}/new?copy=${encodeURIComponent(id)}`;

let keys = 0;
export const nextKey = () => `stage-${++keys}`;

const inOrder = (items: readonly PipelineItem[]) => [...items].sort((a, b) => a.orderNo - b.orderNo);

/** A saved pipeline as the editor starts from it. */
export const draftOf = (pipeline: SavedPipeline): Draft => ({
  _id: pipeline._id,
  title: pipeline.title,
  description: pipeline.description ?? '',
  systemDefaultPipeline: pipeline.systemDefaultPipeline,
  stages: inOrder(pipeline.items).map((item) => ({
    key: nextKey(),
    _id: item._id,
    title: item.stage.title,
    stageType: item.stage.stageType,
    enabled: item.enabled,
  })),
});

/** "Copy": a new pipeline with this one's stages (as new stages: the copy keeps none of the original's rows). */
export const copyDraft = (pipeline: SavedPipeline): Draft => ({
  title: `Copy of ${pipeline.title}`,
  description: pipeline.description ?? '',
  systemDefaultPipeline: false,
  stages: inOrder(pipeline.items).map((item) => ({
    key: nextKey(),
    title: item.stage.title,
    stageType: item.stage.stageType,
    enabled: item.enabled,
  })),
});

/** A new pipeline starts with the stages most jobs need; the recruiter adds or removes from there. */
export const blankDraft = (): Draft => ({
  title: '',
  description: '',
  systemDefaultPipeline: false,
  stages: (['LONG_LIST', 'APPLIED', 'SHORT_LIST', 'INTERVIEWING', 'OFFERED', 'HIRED', 'REJECTED'] as const).map((stageType) => ({
    key: nextKey(),
    title: stageTypeTitles[stageType],
    stageType,
    enabled: true,
  })),
});

/** A stage added at the end, named after its type until renamed. */
export const newStage = (stageType: StageType, title?: string): DraftStage => ({
  key: nextKey(),
  title: title?.trim() || stageTypeTitles[stageType],
  stageType,
  enabled: true,
});

/** The body a save sends: the stages in their order, kept ones with their ids. */
export const pipelinePayload = (draft: Draft) => ({
  title: draft.title.trim(),
  description: draft.description.trim() || null,
  items: draft.stages.map((stage, orderNo) => ({
    ...(stage._id ? { _id: stage._id } : {}),
    stage: { title: stage.title.trim(), stageType: stage.stageType },
    orderNo,
    enabled: stage.enabled,
  })),
});

/** The stages with the one at `from` put at `to` (both clamped to the list). */
export const moveStage = <T>(list: readonly T[], from: number, to: number): T[] => {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
};

/** What the editor shows beside each input: the pipeline's title, its stages as a whole, and each stage's title by key. */
export type DraftErrors = { title?: string; stages?: string; stageTitles: Record<string, string> };

export const noErrors = (): DraftErrors => ({ stageTitles: {} });

export const hasErrors = (errors: DraftErrors) => Boolean(errors.title || errors.stages || Object.keys(errors.stageTitles).length > 0);

/** What the server would refuse, caught before sending (its own words). */
export const checkDraft = (draft: Draft): DraftErrors => {
  const errors = noErrors();
  if (!draft.title.trim()) errors.title = 'Please provide a title.';
  if (draft.stages.length === 0) errors.stages = 'A pipeline needs at least one stage';
  else if (!draft.stages.some((stage) => stage.enabled)) errors.stages = 'A pipeline needs at least one enabled stage';
  for (const stage of draft.stages) if (!stage.title.trim()) errors.stageTitles[stage.key] = 'Please provide the stage’s title.';
  return errors;
};

/**
 * The server's field messages put where they belong: `title` on the title, `items.3.stage.title` on
 * the fourth stage's title, anything else about `items` above the stages. What fits nowhere is left
 * for the notification.
 */
export const placeServerErrors = (draft: Draft, fieldErrors: readonly FieldError[]) => {
  const errors = noErrors();
  const unplaced: FieldError[] = [];
  for (const error of fieldErrors) {
    const stage = /^items\.(\d+)(?:\.|$)/.exec(error.field);
    const row = stage ? draft.stages[Number(stage[1])] : undefined;
    if (error.field === 'title') errors.title ??= error.message;
    else if (row) errors.stageTitles[row.key] ??= error.message;
    else if (error.field === 'items' || error.field.startsWith('items.')) errors.stages ??= error.message;
    else unplaced.push(error);
  }
  return { errors, unplaced };
};
