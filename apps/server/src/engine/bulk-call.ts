import { type AccessLevel, accessLevelRank, type Who } from '@app/contract/access';
import {
  type BulkRequest,
  bulkActionAlsoNeeds,
  bulkActionLevel,
  bulkActionMax,
  bulkActionsOf,
  bulkActionWho,
  bulkExtensionOf,
  bulkExtensionTooMany,
  bulkExtensionValue,
  bulkRequest,
  bulkResult,
  bulkTooManyMessage,
  callOfAction,
  isBuiltInAction,
  siblingOfList,
} from '@app/contract/conventions/bulk';
import type { CallKind, ResourceDefinition } from '@app/contract/define-resource';
import { and, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client';
import { users } from '../db/schema/users';
import { checkPermission, checkWho } from './access';
import type { CallContext } from './context';
import { badRequest, HttpError, notFound } from './errors';
import type { KindHandler, Matching } from './kind-handler';
import { inShortTransactions } from './long-work';
import { Answer, registerCall } from './register-call';
import type { ResourceRepository } from './repository';
import { moveRecords, type TransitionOptions } from './transitions';

/**
 * A bulk action a definition adds (`bulkActions`): in the call's one transaction (`ctx.db`), on
 * `ids`, every one already found in the caller's scope; answers how many records it changed.
 */
export type BulkExtensionHandler<Def extends ResourceDefinition = ResourceDefinition> = (
  ctx: CallContext & { repository: ResourceRepository<Def>; ids: string[]; value: Record<string, unknown> },
) => Promise<number>;

/**
 * `PUT <base>/bulk`: one action (assign an owner, set a status, delete) on the rows chosen or on all
 * that a list's search and filter match, a few records a transaction. The caller is checked as the call the
 * action multiplies checks them (its user types, the permission at its level, the definition's
 * policies); choosing rows by search also needs the list's user types. Every id is looked up in that
 * scope first: one that is not there (another organisation's, not the caller's own under OWN) is a
 * 404 and nothing changes. Each record goes through the resource's own call (its hooks, its entity
 * log); an owner change goes through the update's `beforeOwnerChange` checks. The records change in
 * short transactions (long-work.ts), so thousands of them never hold the database from everyone
 * else: one refused in the first batch refuses the call with nothing changed, as before; one refused
 * later leaves the batches before it changed and answers which ids were not, and why.
 */
export const registerBulkCall = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  input: {
    repository: ResourceRepository<Def>;
    handlerOf: (kind: CallKind) => KindHandler<Def> | undefined;
    /** The single update's own checks, run on each record before its owner changes; throws to refuse. */
    beforeOwnerChange?: (
      ctx: CallContext & { repository: ResourceRepository<Def> },
      input: { id: string; ownerId: string },
    ) => Promise<void>;
    listWhere: (ctx: CallContext & { repository: ResourceRepository<Def> }, matching: Matching) => SQL[];
    afterCommit?: (kind: CallKind) => void | Promise<void>;
    /** The handlers of the definition's own actions, by name. */
    extensions?: Record<string, BulkExtensionHandler<Def>>;
    /** The steps of its moves, for its "move to stage". */
    transitions?: TransitionOptions;
  },
) => {
  const { repository } = input;
  const { def } = repository;
  for (const [name, extension] of Object.entries(def.bulkActions ?? {})) {
    const engines = extension.does === 'move-to-stage' && def.stages;
    if (!engines && !input.extensions?.[name]) throw new Error(`${def.name}'s bulk action ${name} has no handler: pass it in bulkActions`);
  }
  const path = siblingOfList(def, 'bulk');
  const actions = bulkActionsOf(def);
  const whoOf = new Map(actions.map((action) => [action, bulkActionWho(def, action)]));
  const every = [...whoOf.values()].flat();
  const who: Who[] = every.includes('signed-in') ? ['signed-in'] : [...new Set(every)];
  if (!path || who.length === 0 || actions.length === 0 || def.tenancy !== 'organisation') return;
  // The route's own check is the least any action needs; each action then checks its own level.
  const lowest = actions
    .map((action) => bulkActionLevel(def, action))
    .reduce((low, level) => (accessLevelRank[level] < accessLevelRank[low] ? level : low), 'FULL' as AccessLevel);
  const columns = getTableColumns(repository.table);
  registerCall(
    app,
    {
      method: 'PUT',
      path,
      who,
      name: `${def.name}.bulk`,
      tag: def.name,
      summary: `Assigns an owner, sets a status or deletes many ${repository.label.toLowerCase()} records at once`,
      input: bulkRequest(def),
      output: bulkResult,
      access: def.access,
      policies: def.policies,
      level: lowest,
      tenancy: def.tenancy,
      // Its writes run in short transactions of their own (below), not one that holds the database throughout.
      transaction: false,
    },
    async (ctx) => {
      const request = ctx.input as BulkRequest;
      const { caller, db } = ctx;
      checkWho(whoOf.get(request.action) ?? [], caller);
      if (request.matching) checkWho(def.calls.list?.who ?? [], caller);
      const level = bulkActionLevel(def, request.action);
      const scope =
        def.access && caller ? { ...ctx.scope, ...(await checkPermission(db, { caller, access: def.access, level })) } : ctx.scope;
      const alsoNeeds = bulkActionAlsoNeeds(def, request.action);
      if (alsoNeeds && caller) await checkPermission(db, { caller, access: alsoNeeds, level });
      const withScope = { ...ctx, scope, repository };
      const ids = request.ids ? [...new Set(request.ids)] : undefined;
      const found = await repository.matchingIds(db, scope, {
        ids,
        search: request.matching?.search,
        filter: request.matching?.filter,
        extraWhere: input.listWhere(withScope, { search: request.matching?.search ?? '', filter: request.matching?.filter ?? {} }),
        limit: bulkActionMax(def, request.action) + 1,
      });
      if (ids && found.length < ids.length) throw notFound(repository.label);
      const extension = bulkExtensionOf(def, request.action);
      if (found.length > bulkActionMax(def, request.action))
        throw badRequest(extension ? bulkExtensionTooMany(extension) : bulkTooManyMessage);
      // The definition's own action: every record in one transaction, all or none (hence its cap).
      if (extension) {
        const value = bulkExtensionValue(extension).parse(request.value ?? {}) as Record<string, unknown>;
        const made = await ctx.transaction(async (tx) => {
          const within = { ...withScope, db: tx };
          const handler = input.extensions?.[request.action];
          // Checked at registration: every action of its own but the engine's has a handler.
          if (extension.does !== 'move-to-stage' && handler) return handler({ ...within, ids: found, value });
          const moved = await moveRecords(
            { ...within, options: input.transitions },
            { ids: found, stage: value.stage as string, remarks: (value.remarks as string | undefined) ?? null, input: value },
          );
          return moved.moves.length;
        });
        return new Answer({ changed: made }, `${made} ${made === 1 ? 'record' : 'records'} updated`);
      }
      if (!isBuiltInAction(request.action)) throw badRequest(`This list cannot ${request.action}`);
      const kind = callOfAction[request.action];
      // Each record as its own call would take it; the rows a batch finds gone (deleted, or out of
      // scope since they were chosen) are left alone, and a status already held is not a change.
      let each: (db: Executor, id: string) => Promise<boolean>;
      let still: SQL[] = [];
      let targets = found;
      if (request.action === 'assign-owner') {
        const owner = request.value as string;
        if (!input.beforeOwnerChange) throw badRequest('This list cannot assign-owner');
        const beforeOwnerChange = input.beforeOwnerChange;
        // The owner is a live staff member of the record's own organisation (a platform admin's rows may be anyone's).
        const [staff] = await db
          .select({ organisationId: users.organisationId })
          .from(users)
          .where(and(eq(users.id, owner), eq(users.userType, 'CRM_USER'), eq(users.isDeleted, false)))
          .limit(1);
        if (!staff || (scope.organisationId && staff.organisationId !== scope.organisationId)) throw notFound('Owner');
        if (columns.organisationId) {
          const elsewhere = await repository.matchingIds(db, scope, {
            ids: found,
            extraWhere: [ne(columns.organisationId as PgColumn, staff.organisationId ?? '')],
            limit: 1,
          });
          if (elsewhere.length > 0) throw notFound('Owner');
        }
        each = async (tx, id) => {
          const before = await repository.get(tx, scope, id);
          if (before.organisationId !== staff.organisationId) throw notFound('Owner');
          if (before.ownerId === owner) return false;
          await beforeOwnerChange({ ...withScope, db: tx }, { id, ownerId: owner });
          return repository.assignOwner(tx, { ...withScope, id, ownerId: owner });
        };
      } else {
        const handler = input.handlerOf(kind);
        if (!handler) throw badRequest(`This list cannot ${request.action}`);
        if (request.action === 'set-status' && columns.status) {
          still = [ne(columns.status as PgColumn, request.value as string)];
          targets = await repository.matchingIds(db, scope, { ids: found, extraWhere: still, limit: found.length });
        }
        each = async (tx, _id) => {
          await handler({ ...withScope, db: tx, input: request.action === 'set-status' ? { _id, status: request.value } : { _id } });
          return true;
        };
      }
      // Thousands of records in one transaction would hold the embedded database from every other
      // organisation for seconds: a few at a time instead, each record whole with its log entry.
      let changed = 0;
      const { done, failure } = await inShortTransactions({
        kind: ctx.req.server.database.kind,
        transaction: ctx.transaction,
        items: targets,
        firstBatch: 10,
        work: async (tx, batch) => {
          const present = new Set(await repository.matchingIds(tx, scope, { ids: batch, extraWhere: still, limit: batch.length }));
          let made = 0;
          for (const id of batch) if (present.has(id) && (await each(tx, id))) made += 1;
          return made;
        },
        committed: (made) => {
          changed += made;
        },
      });
      // Nothing written: the call fails as the single call would.
      if (failure !== undefined && done === 0) throw failure;
      if (changed > 0 && input.afterCommit) ctx.afterCommit(() => input.afterCommit?.(kind));
      const noun = changed === 1 ? 'record' : 'records';
      if (failure === undefined) return new Answer({ changed }, `${changed} ${noun} updated`);
      const known = failure instanceof HttpError && failure.status < 500;
      if (!known) ctx.req.log.error({ err: failure }, 'a bulk call stopped part way');
      const notChanged = targets.slice(done);
      const stopped = `Stopped after ${changed} ${noun}: ${known ? failure.message : 'the database refused a change'}; ${notChanged.length} not changed`;
      return new Answer({ changed, notChanged, stopped }, stopped);
    },
  );
};
