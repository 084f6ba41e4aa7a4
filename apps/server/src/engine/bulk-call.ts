import { type AccessLevel, accessLevelRank, levelOfKind, type Who } from '@app/contract/access';
import {
  type BulkAction,
  type BulkRequest,
  bulkActionsOf,
  bulkRequest,
  bulkResult,
  bulkTooManyMessage,
  siblingOfList,
} from '@app/contract/conventions/bulk';
import { maxAllRows } from '@app/contract/conventions/list';
import type { CallKind, ResourceDefinition } from '@app/contract/define-resource';
import { and, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/users';
import { checkPermission, checkWho } from './access';
import type { CallContext } from './context';
import { badRequest, notFound } from './errors';
import { Answer, registerCall } from './register-call';
import type { KindHandler } from './register-resource';
import type { ResourceRepository } from './repository';
import type { Matching } from './resource-hooks';

/** The single call each bulk action multiplies: its user types, level and checks are the action's. */
export const callOfAction = { 'set-status': 'setStatus', delete: 'remove', 'assign-owner': 'update' } as const satisfies Record<
  BulkAction,
  CallKind
>;

/**
 * An owner is a staff member, and OWN/TEAM scope is reckoned by owner: choosing one is for staff and
 * platform admins. A client-portal user may edit their client's contacts, never say which staff
 * member owns them.
 */
const ownerChoosers: readonly Who[] = ['CRM_USER', 'SUPER_ADMIN', 'ADMIN'];

/**
 * Who may take a bulk action: the user types of the call it multiplies (never the public: a bulk
 * call is always signed in), and for assign-owner only those among them who choose owners.
 */
export const bulkActionWho = (def: ResourceDefinition, action: BulkAction): Who[] => {
  const who = (def.calls[callOfAction[action]]?.who ?? []).filter((w) => w !== 'public');
  if (action !== 'assign-owner') return who;
  return who.includes('signed-in') ? [...ownerChoosers] : who.filter((w) => ownerChoosers.includes(w));
};

/** The level a bulk action needs: the multiplied call's (FULL to delete, WRITE otherwise, unless it says). */
export const bulkActionLevel = (def: ResourceDefinition, action: BulkAction): AccessLevel => {
  const kind = callOfAction[action];
  return def.calls[kind]?.level ?? levelOfKind(kind);
};

/**
 * `PUT <base>/bulk`: one action (assign an owner, set a status, delete) on the rows chosen or on all
 * that a list's search and filter match, in one transaction. The caller is checked as the call the
 * action multiplies checks them (its user types, the permission at its level, the definition's
 * policies); choosing rows by search also needs the list's user types. Every id is looked up in that
 * scope first: one that is not there (another organisation's, not the caller's own under OWN) is a
 * 404 and nothing changes. Each record goes through the resource's own call (its hooks, its entity
 * log); an owner change goes through the update's `beforeOwnerChange` checks.
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
  },
) => {
  const { repository } = input;
  const { def } = repository;
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
    },
    async (ctx) => {
      const request = ctx.input as BulkRequest;
      const { caller, db } = ctx;
      const kind = callOfAction[request.action];
      checkWho(whoOf.get(request.action) ?? [], caller);
      if (request.matching) checkWho(def.calls.list?.who ?? [], caller);
      const level = bulkActionLevel(def, request.action);
      const scope =
        def.access && caller ? { ...ctx.scope, ...(await checkPermission(db, { caller, access: def.access, level })) } : ctx.scope;
      const withScope = { ...ctx, scope, repository };
      const ids = request.ids ? [...new Set(request.ids)] : undefined;
      const found = await repository.matchingIds(db, scope, {
        ids,
        search: request.matching?.search,
        filter: request.matching?.filter,
        extraWhere: input.listWhere(withScope, { search: request.matching?.search ?? '', filter: request.matching?.filter ?? {} }),
        limit: maxAllRows + 1,
      });
      if (ids && found.length < ids.length) throw notFound(repository.label);
      if (found.length > maxAllRows) throw badRequest(bulkTooManyMessage);
      let changed = 0;
      if (request.action === 'assign-owner') {
        const owner = request.value as string;
        if (!input.beforeOwnerChange) throw badRequest('This list cannot assign-owner');
        // The owner is a live staff member of the record's own organisation (a platform admin's rows may be anyone's).
        const [staff] = await db
          .select({ organisationId: users.organisationId })
          .from(users)
          .where(and(eq(users.id, owner), eq(users.userType, 'CRM_USER'), eq(users.isDeleted, false)))
          .limit(1);
        if (!staff || (scope.organisationId && staff.organisationId !== scope.organisationId)) throw notFound('Owner');
        for (const id of found) {
          const before = await repository.get(db, scope, id);
          if (before.organisationId !== staff.organisationId) throw notFound('Owner');
          if (before.ownerId === owner) continue;
          await input.beforeOwnerChange(withScope, { id, ownerId: owner });
          if (await repository.assignOwner(db, { caller, scope, id, ownerId: owner })) changed += 1;
        }
      } else {
        const handler = input.handlerOf(kind);
        if (!handler) throw badRequest(`This list cannot ${request.action}`);
        // A status already held is not a change: those rows are left alone.
        const targets =
          request.action === 'set-status' && columns.status
            ? await repository.matchingIds(db, scope, {
                ids: found,
                extraWhere: [ne(columns.status as PgColumn, request.value as string)],
                limit: found.length,
              })
            : found;
        for (const _id of targets) {
          await handler({ ...withScope, input: request.action === 'set-status' ? { _id, status: request.value } : { _id } });
          changed += 1;
        }
      }
      if (changed > 0 && input.afterCommit) ctx.afterCommit(() => input.afterCommit?.(kind));
      const noun = changed === 1 ? 'record' : 'records';
      return new Answer({ changed }, `${changed} ${noun} updated`);
    },
  );
};
