import { hiringPipeline, pipelineItemRecord, type StageType, stageTypes, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hiringPipelineItems, hiringPipelines } from '../../db/schema/hiring';
import { resourceRepository } from '../../engine/repository';
import type { WriteContext } from '../../engine/resource-hooks';

export const pipelineRepository = resourceRepository(hiringPipeline, hiringPipelines);
export const pipelineItemRepository = resourceRepository(pipelineItemRecord, hiringPipelineItems);

/** The 13 stage types of crm.md §4, in order, as a new organisation's default pipeline holds them. */
export const defaultStages = stageTypes.map((stageType, orderNo) => ({
  stage: { title: stageTypeTitles[stageType], stageType, description: null },
  orderNo,
  enabled: true,
}));

/** A pipeline's stage rows in order, as the pipeline answers them (`items`). */
export const itemsOf = async (db: Executor, pipelineIds: readonly string[]) => {
  if (pipelineIds.length === 0) return new Map<string, ReturnType<typeof itemAnswer>[]>();
  const rows = await db
    .select()
    .from(hiringPipelineItems)
    .where(and(inArray(hiringPipelineItems.pipelineId, [...pipelineIds]), eq(hiringPipelineItems.isDeleted, false)))
    .orderBy(asc(hiringPipelineItems.orderNo), asc(hiringPipelineItems.id));
  const byPipeline = new Map<string, ReturnType<typeof itemAnswer>[]>();
  for (const row of rows) {
    const list = byPipeline.get(row.pipelineId) ?? [];
    list.push(itemAnswer(row));
    byPipeline.set(row.pipelineId, list);
  }
  return byPipeline;
};

const itemAnswer = (row: typeof hiringPipelineItems.$inferSelect) => ({
  _id: row.id,
  stage: { title: row.title, stageType: row.stageType as StageType, description: row.description },
  orderNo: row.orderNo,
  enabled: row.enabled,
});

/** The stage row of a pipeline by type (the first enabled one in order): LONG_LIST for a long list, APPLIED from the board. */
export const stageOfType = async (db: Executor, pipelineId: string, stageType: StageType) => {
  const [row] = await db
    .select({ id: hiringPipelineItems.id })
    .from(hiringPipelineItems)
    .where(
      and(
        eq(hiringPipelineItems.pipelineId, pipelineId),
        eq(hiringPipelineItems.stageType, stageType),
        eq(hiringPipelineItems.enabled, true),
        eq(hiringPipelineItems.isDeleted, false),
      ),
    )
    .orderBy(asc(hiringPipelineItems.orderNo))
    .limit(1)
    // Held until the new applications are written: a stage cannot be disabled under them.
    .for('share');
  return row?.id ?? null;
};

/**
 * The organisation's default pipeline, made with the 13 stages on first use (DECISIONS.md §11).
 * Two first uses at once queue on a lock for the organisation, so exactly one is made.
 */
export const ensureDefaultPipeline = async (db: Executor, writer: Omit<WriteContext, 'scope'> & { organisationId: string }) => {
  const scope = { organisationId: writer.organisationId };
  const findDefault = () => pipelineRepository.first(db, scope, [eq(hiringPipelines.systemDefaultPipeline, true)]);
  const found = await findDefault();
  if (found) return found.id;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`default-pipeline:${writer.organisationId}`}))`);
  const raced = await findDefault();
  if (raced) return raced.id;
  const context = { caller: writer.caller, scope, services: writer.services, afterCommit: writer.afterCommit };
  const pipeline = await pipelineRepository.create(db, {
    ...context,
    values: { title: 'Default pipeline', description: 'The stages every job starts with', systemDefaultPipeline: true },
  });
  await pipelineItemRepository.createMany(db, {
    ...context,
    values: defaultStages.map((item) => ({
      pipelineId: pipeline._id,
      title: item.stage.title,
      stageType: item.stage.stageType,
      description: item.stage.description,
      orderNo: item.orderNo,
      enabled: item.enabled,
    })),
  });
  return pipeline._id;
};
