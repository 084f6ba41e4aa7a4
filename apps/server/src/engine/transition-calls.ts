import { movedRecord, movedRecords, moveKeys, moveManyRequest, moveRequest } from '@app/contract/conventions/stages';
import type { CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { Answer, registerCall } from './register-call';
import type { ResourceRepository } from './repository';
import { moveRecords, type TransitionOptions } from './transitions';

/** A move call as the definition declares it; a workflow spec (the board's status change) brings its own name and schemas. */
type MoveSpec = CallSpec & { name?: string; tag?: string; input?: z.ZodType; output?: z.ZodType };

/**
 * The definition's move and multi-move calls (`stages.move`, `stages.moveMany`): one record, or
 * many in one transaction, to one stage, through `moveRecords`. They need what an update needs: its
 * level (WRITE unless the call says), the definition's permission module and policies.
 */
export const registerTransitionCalls = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  input: { repository: ResourceRepository<Def>; options?: TransitionOptions },
) => {
  const { repository, options } = input;
  const { def } = repository;
  const stages = def.stages;
  if (!stages) return;
  const keys = moveKeys(stages);
  const scopeRule = options?.unscoped ? { unscoped: options.unscoped } : { tenancy: def.tenancy };
  const common = (spec: MoveSpec, kind: 'move' | 'moveMany') => ({
    ...spec,
    ...scopeRule,
    name: spec.name ?? `${def.name}.${kind}`,
    tag: spec.tag ?? def.name,
    access: def.access,
    policies: def.policies,
    level: spec.level ?? ('WRITE' as const),
    transaction: true,
  });
  const move = stages.move as MoveSpec | undefined;
  if (move) {
    registerCall(
      app,
      { ...common(move, 'move'), input: move.input ?? moveRequest(stages), output: move.output ?? movedRecord(def) },
      async (ctx) => {
        const request = ctx.input as Record<string, unknown>;
        const { moves, records } = await moveRecords(
          { ...ctx, repository, options },
          {
            ids: [request[keys.id] as string],
            stage: request[keys.stage] as string,
            remarks: request.remarks as string | null,
            input: request,
          },
        );
        // Already there: nothing changed, and the answer says so with the call's default message.
        if (moves.length === 0) return records[0];
        return new Answer(records[0], options?.message ?? 'Moved successfully');
      },
    );
  }
  const moveMany = stages.moveMany as MoveSpec | undefined;
  if (moveMany) {
    registerCall(
      app,
      { ...common(moveMany, 'moveMany'), input: moveMany.input ?? moveManyRequest(stages), output: moveMany.output ?? movedRecords(def) },
      async (ctx) => {
        const request = ctx.input as Record<string, unknown>;
        const { moves, records } = await moveRecords(
          { ...ctx, repository, options },
          {
            ids: request[keys.ids] as string[],
            stage: request[keys.stage] as string,
            remarks: request.remarks as string | null,
            input: request,
          },
        );
        const changed = moves.length;
        return new Answer({ changed, results: records }, `${changed} ${changed === 1 ? 'record' : 'records'} moved`);
      },
    );
  }
};
