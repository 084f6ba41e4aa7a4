import {
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
import { checkPermission } from './access';
import type { CallContext } from './context';
import { badRequest, notFound } from './errors';
import { Answer, registerCall } from './register-call';
import type { KindHandler } from './register-resource';
import type { ResourceRepository } from './repository';
import type { Matching } from './resource-hooks';

/** The user types that may both list the records and write them: who a bulk call is for. */
const bulkWho = (def: ResourceDefinition) => {
  const writers = new Set([def.calls.update, def.calls.setStatus, def.calls.remove].flatMap((call) => call?.who ?? []));
  return (def.calls.list?.who ?? []).filter((who) => writers.has(who) && who !== 'public' && who !== 'signed-in');
};

const kindOf = { 'set-status': 'setStatus', delete: 'remove', 'assign-owner': 'update' } as const satisfies Record<string, CallKind>;

/**
 * `PUT <base>/bulk`: one action (assign an owner, set a status, delete) on the rows chosen or on all
 * that a list's search and filter match, in one transaction. Every id is looked up in the caller's
 * organisation and permission scope first: one that is not there (another organisation's, not the
 * caller's own under OWN) is a 404 and nothing changes. Delete needs FULL, the others WRITE; each
 * record goes through the resource's own call (its hooks, its entity log).
 */
export const registerBulkCall = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  input: {
    repository: ResourceRepository<Def>;
    handlerOf: (kind: CallKind) => KindHandler<Def> | undefined;
    listWhere: (ctx: CallContext & { repository: ResourceRepository<Def> }, matching: Matching) => SQL[];
    afterCommit?: (kind: CallKind) => void | Promise<void>;
  },
) => {
  const { repository } = input;
  const { def } = repository;
  const path = siblingOfList(def, 'bulk');
  const who = bulkWho(def);
  if (!path || who.length === 0 || bulkActionsOf(def).length === 0 || def.tenancy !== 'organisation') return;
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
      level: 'WRITE',
      tenancy: def.tenancy,
    },
    async (ctx) => {
      const request = ctx.input as BulkRequest;
      const { caller, db } = ctx;
      let scope = ctx.scope;
      if (request.action === 'delete' && def.access && caller) {
        scope = { ...scope, ...(await checkPermission(db, { caller, access: def.access, level: 'FULL' })) };
      }
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
        const [staff] = await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.id, owner),
              eq(users.organisationId, scope.organisationId ?? ''),
              eq(users.userType, 'CRM_USER'),
              eq(users.isDeleted, false),
            ),
          )
          .limit(1);
        if (!staff) throw notFound('Owner');
        for (const id of found) if (await repository.assignOwner(db, { caller, scope, id, ownerId: owner })) changed += 1;
      } else {
        const kind = kindOf[request.action];
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
      if (changed > 0 && input.afterCommit) ctx.afterCommit(() => input.afterCommit?.(kindOf[request.action]));
      const noun = changed === 1 ? 'record' : 'records';
      return new Answer({ changed }, `${changed} ${noun} updated`);
    },
  );
};
