import { levelOfKind } from '@app/contract/access';
import { byId, mongoId } from '@app/contract/conventions/ids';
import { listRequest } from '@app/contract/conventions/list';
import { audienceOutputsOfCall, outputOfCall } from '@app/contract/conventions/record';
import type { CallKind, CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type BulkExtensionHandler, registerBulkCall } from './bulk-call';
import type { CallContext } from './context';
import { registerExportCall } from './export-call';
import type { KindHandler, Matching } from './kind-handler';
import { registerCall } from './register-call';
import type { ResourceRepository } from './repository';
import type { ResourceHooks } from './resource-hooks';
import { registerTransitionCalls } from './transition-calls';
import type { TransitionOptions } from './transitions';

export type ResourceOptions<Def extends ResourceDefinition = ResourceDefinition> = {
  /**
   * Typed steps around every write of the record (see `ResourceHooks`), attached to the repository so
   * that the generic calls, bulk actions and workflows all run them: the usual way to add one.
   */
  hooks?: ResourceHooks<Def>;
  /**
   * Replaces a generic call with a workflow that still gets the call's checks and schema: the rare
   * exception, each with a comment saying why hooks do not fit.
   */
  handlers?: Partial<Record<CallKind, KindHandler<Def>>>;
  /** A definition with stages: its move calls' and "move to stage" action's own steps (see `TransitionOptions`). */
  transitions?: TransitionOptions;
  /** The handler of each bulk action the definition adds (`bulkActions`), but the engine's own (move to stage). */
  bulkActions?: Record<string, BulkExtensionHandler<Def>>;
};

const messages: Record<CallKind, string> = {
  create: 'Created successfully',
  update: 'Updated successfully',
  details: 'Fetched successfully',
  list: 'Fetched successfully',
  remove: 'Deleted successfully',
  setStatus: 'Status updated successfully',
};

export const inputOfKind = (def: ResourceDefinition, kind: CallKind): z.ZodType => {
  switch (kind) {
    case 'create':
      return def.create;
    case 'update':
      return def.update;
    case 'list':
      return listRequest(def.filters, def.sortable);
    case 'setStatus':
      return z.object({ _id: byId.shape._id, status: def.status ?? z.string() }).strict();
    default:
      return byId;
  }
};

/**
 * A create of a record filed under the caller's team may name which of their teams (`teamId`,
 * checked against their memberships by the repository); without it, their first team.
 */
const withTeamChoice = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodObject ? schema.extend({ teamId: mongoId('teamId').optional() }) : schema;

/**
 * An update changes only the fields the request names: the update schema is the create schema made
 * partial, and the defaults it keeps (roles [], status ACTIVE, ...) must not overwrite what is saved.
 */
const onlySent = (body: unknown, input: Record<string, unknown>) => {
  const sent = new Set(Object.keys((body as Record<string, unknown> | null) ?? {}));
  return Object.fromEntries(Object.entries(input).filter(([key]) => key === '_id' || sent.has(key)));
};

/**
 * The five generic calls. The repository runs the resource's hooks around each write, in the call's
 * transaction, as it does for every other write of the record.
 */
const genericHandlers = <Def extends ResourceDefinition>(): Record<CallKind, KindHandler<Def>> => ({
  create: async (ctx) => {
    const { beforeTransaction } = ctx.repository.hooksOf();
    if (!beforeTransaction) return ctx.repository.create(ctx.db, { ...ctx, values: ctx.input });
    // Registered without a transaction (below): the slow work first, then the write in a short one.
    const values = await beforeTransaction({ ...ctx, values: ctx.input });
    return ctx.transaction((db) => ctx.repository.create(db, { ...ctx, values }));
  },
  update: (ctx) => {
    const { _id, ...values } = ctx.input;
    return ctx.repository.update(ctx.db, { ...ctx, id: _id, values });
  },
  setStatus: (ctx) => ctx.repository.setStatus(ctx.db, { ...ctx, id: ctx.input._id, status: ctx.input.status }),
  details: async (ctx) => {
    const record = await ctx.repository.details(ctx.db, ctx.scope, ctx.input._id);
    const { afterRead } = ctx.repository.hooksOf();
    return afterRead ? (await afterRead({ ...ctx, operation: 'details', records: [record] }))[0] : record;
  },
  list: async (ctx) => {
    const { listWhere, afterRead } = ctx.repository.hooksOf();
    const page = await ctx.repository.list(ctx.db, ctx.scope, ctx.input, listWhere?.({ ...ctx, request: ctx.input }) ?? []);
    return afterRead ? { ...page, results: await afterRead({ ...ctx, operation: 'list', records: page.results }) } : page;
  },
  remove: (ctx) => ctx.repository.remove(ctx.db, { ...ctx, id: ctx.input._id }),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Every resource registered, checked against the contract's registry once all areas are in. */
    resources: ResourceDefinition[];
  }
}

/** Turns a resource definition into its routes: one line per entity in the app. */
export const registerResource = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  repository: ResourceRepository<Def>,
  options: ResourceOptions<Def> = {},
) => {
  const { def } = repository;
  const hooks = options.hooks ?? {};
  // On the repository, every write of the record runs them: a workflow's, an import's, a merge's.
  repository.useHooks(hooks);
  const generic = genericHandlers<Def>();
  // A generic create with work before its transaction (`beforeTransaction`) opens it itself, once that work is done.
  const outside = (kind: CallKind) => kind === 'create' && !options.handlers?.create && !!hooks.beforeTransaction;
  if (app.resources.some((registered) => registered.name === def.name)) throw new Error(`Resource ${def.name} is registered twice`);
  app.resources.push(def);
  for (const [kind, call] of Object.entries(def.calls) as [CallKind, CallSpec][]) {
    const handler = options.handlers?.[kind] ?? generic[kind];
    const writes = kind !== 'list' && kind !== 'details';
    registerCall(
      app,
      {
        ...call,
        name: `${def.name}.${kind}`,
        tag: def.name,
        input: kind === 'create' && repository.filesUnderTeam ? withTeamChoice(inputOfKind(def, kind)) : inputOfKind(def, kind),
        output: outputOfCall(def, kind),
        outputs: audienceOutputsOfCall(def, kind),
        audiences: def.audiences,
        access: def.access,
        policies: def.policies,
        level: call.level ?? levelOfKind(kind),
        tenancy: def.tenancy,
        transaction: writes && !outside(kind),
        message: messages[kind],
      },
      async (ctx) => {
        const input = kind === 'update' ? onlySent(ctx.req.body, ctx.input as Record<string, unknown>) : ctx.input;
        return handler({ ...ctx, input, repository });
      },
    );
  }
  registerTransitionCalls(app, { repository, options: options.transitions });
  // Every list gets its bulk actions and its CSV export, with the same hooks and scope as its calls.
  const listWhere = (ctx: CallContext & { repository: ResourceRepository<Def> }, matching: Matching) =>
    hooks.listWhere?.({ ...ctx, request: { page: 1, limit: 'ALL', ...matching } }) ?? [];
  const custom = options.handlers ?? {};
  // A custom list only adds to each row (counts, members); rows it would narrow belong in hooks.listWhere.
  registerBulkCall(app, {
    repository,
    listWhere,
    // A write done outside the transaction (its own slow work first) cannot join a bulk one.
    handlerOf: (kind) => (def.calls[kind] && !outside(kind) ? (custom[kind] ?? generic[kind]) : undefined),
    // An owner change is an update of one field: the repository runs the update's hooks for it (who
    // may act on a staff member, a role no one may change). A replaced update's checks cannot be run for it.
    beforeOwnerChange: def.calls.update && !custom.update ? async () => undefined : undefined,
    extensions: options.bulkActions,
    transitions: options.transitions,
  });
  registerExportCall(app, { repository, listWhere });
};
