import { moveToStageAction } from '@app/contract/conventions/stages';
import { defineResource } from '@app/contract/define-resource';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { baseColumns } from '../../src/db/schema/columns';
import { newId } from '../../src/engine/ids';
import { forgetReferenceTarget } from '../../src/engine/references';
import { registerResource } from '../../src/engine/register-resource';
import { resourceRepository } from '../../src/engine/repository';
import type { ResourceHooks } from '../../src/engine/resource-hooks';
import type { TransitionOptions } from '../../src/engine/transitions';
import { baseSql } from './test-resources';

/**
 * A test-only hiring pipeline, the shape issue 29's CRM job applications will declare: stage rows
 * grouped by pipeline (title, type, enabled), and applications whose current stage is one of their
 * own pipeline's rows, moved one at a time or many at once, and by the list's bulk bar.
 */
export const testStages = pgTable('test_stages', {
  ...baseColumns(),
  pipelineId: text().notNull(),
  title: text().notNull(),
  stageType: text().notNull(),
  enabled: boolean().notNull().default(true),
});
export const testApplications = pgTable('test_applications', {
  ...baseColumns(),
  title: text().notNull(),
  pipelineId: text().notNull(),
  stageId: text(),
  stageHistory: jsonb().$type<unknown[]>().notNull().default([]),
});

export const stageTypes = ['APPLIED', 'SHORT_LIST', 'OFFERED', 'REJECTED', 'HIRED'] as const;

const stageFields = z.object({ pipelineId: z.string(), title: z.string(), stageType: z.enum(stageTypes), enabled: z.boolean() });
export const testStage = defineResource({
  name: 'TestStage',
  table: 'test_stages',
  tenancy: 'organisation',
  labelField: 'title',
  fields: stageFields,
  create: stageFields.strict(),
  update: stageFields.partial().extend({ _id: z.string() }).strict(),
  search: ['title'],
  filters: {},
  calls: {},
});

export const pipelineStages = {
  field: 'stageId',
  history: 'stageHistory',
  among: { kind: 'rows', resource: 'TestStage', pipelineField: 'pipelineId', typeField: 'stageType', enabledField: 'enabled' },
  // A hire is final; a rejected candidate may only start again.
  allowed: { HIRED: [], REJECTED: ['APPLIED'] },
  input: {
    id: 'jobApplicationId',
    ids: 'jobApplicationIds',
    stage: 'pipelineItemId',
    idLabel: 'job application id',
    stageLabel: 'pipeline item id',
  },
  move: { method: 'POST', path: '/test/applications/move-to-stage', who: ['CRM_USER'] },
  moveMany: { method: 'POST', path: '/test/applications/multi-move-to-stage', who: ['CRM_USER'] },
} as const;

const applicationFields = z.object({
  title: z.string().min(1),
  pipelineId: z.string(),
  stageId: z.string().nullable().optional(),
  stageHistory: z.array(z.record(z.string(), z.unknown())).default([]),
});
export const testApplication = defineResource({
  name: 'TestApplication',
  table: 'test_applications',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  labelField: 'title',
  fields: applicationFields,
  create: applicationFields.strict(),
  update: applicationFields.partial().extend({ _id: z.string() }).strict(),
  search: ['title'],
  filters: {},
  stages: pipelineStages,
  bulkActions: { 'move-to-stage': moveToStageAction(pipelineStages, ['CRM_USER']) },
  calls: {
    create: { method: 'POST', path: '/test/applications/', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/test/applications/list', who: ['CRM_USER'] },
  },
});

export const registerTestPipeline = async (
  app: FastifyInstance,
  transitions: TransitionOptions = {},
  hooks: ResourceHooks<typeof testApplication> = {},
) => {
  for (const table of [
    `test_stages (${baseSql}, pipeline_id text not null, title text not null, stage_type text not null, enabled boolean not null default true)`,
    `test_applications (${baseSql}, title text not null, pipeline_id text not null, stage_id text, stage_history jsonb not null default '[]')`,
  ]) {
    await app.database.db.execute(sql.raw(`create table if not exists ${table}`));
  }
  app.addHook('onClose', async () => {
    for (const name of [testStage.name, testApplication.name]) forgetReferenceTarget(name);
  });
  registerResource(app, resourceRepository(testStage, testStages));
  registerResource(app, resourceRepository(testApplication, testApplications), { transitions, hooks });
};

/** A pipeline of an organisation: one stage row per type, by type. */
export const aPipeline = async (app: FastifyInstance, organisationId: string) => {
  const pipelineId = newId();
  const rows = stageTypes.map((stageType) => ({ id: newId(), organisationId, pipelineId, title: `${stageType} stage`, stageType }));
  await app.database.db.insert(testStages).values(rows);
  return {
    pipelineId,
    stage: Object.fromEntries(rows.map((row) => [row.stageType, row.id])) as Record<(typeof stageTypes)[number], string>,
  };
};
