import type { hiringPipeline, pipelineItemInput } from '@app/contract/resources/hiring/pipeline';
import { defaultHiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { crmJobs, hiringPipelineItems, hiringPipelines } from '../../db/schema/hiring';
import type { Caller } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import type { HookContext, ResourceHooks } from '../../engine/resource-hooks';
import { applicationCountsBy } from './application-counts';
import { ensureDefaultPipeline, itemsOf, pipelineItemRepository, pipelineRepository } from './pipeline-repository';

type ItemInput = z.output<typeof pipelineItemInput>;

const itemsError = (message: string) => badRequest(message, [{ field: 'items', message }]);

const applicationsWord = (n: number) => (n === 1 ? 'the application' : `the ${n} applications`);

/**
 * Writes a pipeline's stages as the list sent says: rows sent with their `_id` are kept (renamed,
 * reordered, enabled or disabled), rows without one are added, rows left out are removed. A stage
 * holding live applications is neither removed nor disabled: its applications must move first.
 */
const writeItems = async (ctx: HookContext, pipelineId: string, organisationId: string, sent: ItemInput[]) => {
  const { db } = ctx;
  const writer = { ...ctx, scope: { organisationId } };
  // Writers of one pipeline's stages take turns, each reading the stages the last one left; the
  // stage rows stay locked until the end, so a move onto a stage (which share-locks its row) lands
  // either before the count of what it holds or after its disabling, which then refuses it.
  await db.select({ id: hiringPipelines.id }).from(hiringPipelines).where(eq(hiringPipelines.id, pipelineId)).for('update');
  const existing = await db
    .select()
    .from(hiringPipelineItems)
    .where(and(eq(hiringPipelineItems.pipelineId, pipelineId), eq(hiringPipelineItems.isDeleted, false)))
    .for('update');
  const byId = new Map(existing.map((row) => [row.id, row]));
  for (const item of sent) {
    if (item._id && !byId.has(item._id)) throw itemsError('A stage sent with an _id is not one of this pipeline’s stages');
  }
  if (!sent.some((item) => item.enabled)) throw itemsError('A pipeline needs at least one enabled stage');
  const keptIds = new Set(sent.map((item) => item._id).filter(Boolean));
  const removed = existing.filter((row) => !keptIds.has(row.id));
  const disabled = sent.filter((item) => item._id && !item.enabled && byId.get(item._id)?.enabled);
  const held = await applicationCountsBy(db, 'pipelineCurrentStage', [
    ...removed.map((row) => row.id),
    ...disabled.map((item) => item._id as string),
  ]);
  for (const row of removed) {
    const n = held.get(row.id) ?? 0;
    if (n > 0) throw itemsError(`Move ${applicationsWord(n)} at ${row.title} before removing it`);
  }
  for (const item of disabled) {
    const n = held.get(item._id as string) ?? 0;
    if (n > 0) throw itemsError(`Move ${applicationsWord(n)} at ${byId.get(item._id as string)?.title} before disabling it`);
  }
  for (const row of removed) await pipelineItemRepository.remove(db, { ...writer, id: row.id });
  const added: Record<string, unknown>[] = [];
  for (const [index, item] of sent.entries()) {
    const values = {
      title: item.stage.title,
      stageType: item.stage.stageType,
      description: item.stage.description ?? null,
      orderNo: item.orderNo ?? index,
      enabled: item.enabled,
    };
    const row = item._id ? byId.get(item._id) : undefined;
    if (!row) {
      added.push({ ...values, pipelineId });
      continue;
    }
    const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => row[key as keyof typeof row] !== value));
    if (Object.keys(changed).length > 0) await pipelineItemRepository.update(db, { ...writer, id: row.id, values: changed });
  }
  if (added.length > 0) await pipelineItemRepository.createMany(db, { ...writer, values: added });
};

/** Items are rows of their own: never a column of the pipeline. */
const withoutItems = (values: Record<string, unknown>) => {
  const { items: _items, systemDefaultPipeline: _default, ...rest } = values;
  return rest;
};

const pipelineHooks: ResourceHooks<typeof hiringPipeline> = {
  beforeCreate: ({ values }) => ({ ...withoutItems(values), systemDefaultPipeline: values.systemDefaultPipeline === true }),
  beforeUpdate: ({ values }) => withoutItems(values),
  // The answer carries the stages as written, as a read would.
  afterWrite: async (ctx) => {
    if (ctx.operation === 'remove') return;
    const items = ctx.input.items as ItemInput[] | undefined;
    if (items) await writeItems(ctx, ctx.record._id, ctx.record.organisationId as string, items);
    const written = await itemsOf(ctx.db, [ctx.record._id]);
    return { ...ctx.record, items: written.get(ctx.record._id) ?? [] };
  },
  beforeRemove: async ({ db, before }) => {
    if (before.systemDefaultPipeline) throw badRequest('The default pipeline cannot be deleted');
    const [used] = await db
      .select({ n: count() })
      .from(crmJobs)
      .where(and(eq(crmJobs.pipelineId, before.id), eq(crmJobs.isDeleted, false)));
    const n = Number(used?.n ?? 0);
    if (n > 0)
      throw badRequest(
        `This pipeline is used by ${n === 1 ? 'a job' : `${n} jobs`}: give ${n === 1 ? 'it' : 'them'} another pipeline first`,
      );
  },
  afterRead: async ({ db, records }) => {
    const items = await itemsOf(
      db,
      records.map((record) => record._id),
    );
    return records.map((record) => ({ ...record, items: items.get(record._id) ?? [] }));
  },
};

const writerOf = (ctx: { caller: Caller | null; services: FastifyInstance['services']; afterCommit: HookContext['afterCommit'] }) => ({
  caller: ctx.caller,
  services: ctx.services,
  afterCommit: ctx.afterCommit,
});

export const registerPipelines = (app: FastifyInstance) => {
  registerResource(app, pipelineRepository, {
    hooks: pipelineHooks,
    handlers: {
      // A generic list, after making the organisation's default pipeline on its first use, so a new
      // organisation's list is never empty.
      list: async (ctx) => {
        const organisationId = ctx.scope.organisationId;
        if (organisationId) await ctx.transaction((db) => ensureDefaultPipeline(db, { ...writerOf(ctx), organisationId }));
        const page = await ctx.repository.list(ctx.db, ctx.scope, ctx.input);
        return {
          ...page,
          results: await (pipelineHooks.afterRead as NonNullable<typeof pipelineHooks.afterRead>)({
            ...ctx,
            operation: 'list',
            records: page.results,
          }),
        };
      },
    },
  });
  registerResource(app, pipelineItemRepository);

  registerCall(app, defaultHiringPipeline, async (ctx) => {
    const organisationId = ctx.scope.organisationId as string;
    const id = await ensureDefaultPipeline(ctx.db, { ...writerOf(ctx), organisationId });
    const record = await pipelineRepository.details(ctx.db, { organisationId }, id);
    const [answered] = await (pipelineHooks.afterRead as NonNullable<typeof pipelineHooks.afterRead>)({
      ...ctx,
      operation: 'details',
      records: [record],
    });
    return answered;
  });
};
