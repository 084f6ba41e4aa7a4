import { z } from 'zod';
import type { Who } from '../access';
import type { ResourceDefinition, StageMove, Stages } from '../define-resource';
import { type BulkExtension, maxAtOnce } from './bulk';
import { mongoId } from './ids';
import { recordSchema } from './record';

/** The keys a move's input uses, as the definition names them or by default. */
export const moveKeys = (stages: Stages) => ({
  id: stages.input?.id ?? '_id',
  ids: stages.input?.ids ?? 'ids',
  stage: stages.input?.stage ?? 'stage',
  remarks: stages.input?.remarks ?? true,
});

/** A stage as a move's input reads it: the definition's narrower list, a value of its list, or a stage row's id. */
const destinationOf = (stages: Stages): z.ZodType<string> => {
  if (stages.destination) return stages.destination;
  if (stages.among.kind === 'values') return stages.among.values;
  return mongoId(stages.input?.stageLabel ?? 'stage id');
};

const remarks = z.string().trim().max(2000).nullish();

/** One record to one stage: `{ _id, stage, remarks }` under the definition's keys. */
export const moveRequest = (stages: Stages) => {
  const keys = moveKeys(stages);
  return z
    .object({
      [keys.id]: mongoId(stages.input?.idLabel ?? keys.id),
      [keys.stage]: destinationOf(stages),
      ...(keys.remarks ? { remarks } : {}),
    })
    .strict();
};

export const moveManyIdsMessage = 'Please select at least one record';
export const moveManyTooManyMessage = `Please select at most ${maxAtOnce} records to move at once`;

/** Many records to one stage, at most `maxAtOnce` (they move in one transaction). */
export const moveManyRequest = (stages: Stages) => {
  const keys = moveKeys(stages);
  return z
    .object({
      [keys.ids]: z
        .array(mongoId(stages.input?.idLabel ?? '_id'))
        .min(1, moveManyIdsMessage)
        .max(maxAtOnce, moveManyTooManyMessage),
      [keys.stage]: destinationOf(stages),
      ...(keys.remarks ? { remarks } : {}),
    })
    .strict();
};

/** A moved record as the move answers it: its id, its stage and its history. */
export const movedRecord = (def: ResourceDefinition) => {
  const stages = def.stages as Stages;
  return recordSchema(def).pick({ _id: true, [stages.field]: true, [stages.history]: true } as Record<string, true>);
};

/** What a multi-move answers: how many records changed stage, and each record as it now is. */
export const movedRecords = (def: ResourceDefinition) => z.object({ changed: z.number().int(), results: z.array(movedRecord(def)) });

/** The history entry a move appends unless the definition keeps another shape. */
export const stageHistoryEntry = z.object({
  movedBy: z.object({ _id: z.string(), name: z.string() }),
  stage: z.string(),
  movedAt: z.string(),
  remarks: z.string().nullable(),
});

export const historyEntryOf = (stages: Stages, move: StageMove) => (stages.entry ? stages.entry(move) : move);

/**
 * The bulk bar's "Move to stage" for a definition with stages: the chosen records to one stage with
 * remarks, in one transaction, by whoever may make its multi-move.
 */
export const moveToStageAction = (stages: Stages, who: readonly Who[]): BulkExtension => ({
  label: 'Move to stage',
  does: 'move-to-stage',
  who,
  max: maxAtOnce,
  fields: {
    stage:
      stages.among.kind === 'values'
        ? { kind: 'choice', label: 'Stage', options: stages.destination ?? stages.among.values }
        : { kind: 'reference', label: 'Stage', resource: stages.among.resource },
    ...(moveKeys(stages).remarks ? { remarks: { kind: 'text', label: 'Remarks', optional: true, max: 2000 } as const } : {}),
  },
});
