import { levelOfKind } from '@app/contract/access';
import { byId } from '@app/contract/conventions/ids';
import { listRequest } from '@app/contract/conventions/list';
import { outputOfCall } from '@app/contract/conventions/record';
import type { CallKind, CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CallContext } from './context';
import { registerCall } from './register-call';
import type { ResourceRepository } from './repository';

export type KindHandler = (ctx: CallContext & { input: any; repository: ResourceRepository }) => Promise<unknown>;

export type ResourceOptions = {
  /** Replaces a generic call with a workflow that still gets the call's checks and schema. */
  handlers?: Partial<Record<CallKind, KindHandler>>;
  /**
   * Runs after every successful write once its transaction has committed (to drop caches, say):
   * dropped any earlier, a request in between could cache the old rows again.
   */
  afterWrite?: () => void;
  /**
   * Writes whose workflow does slow work first (hashing a password) and then opens its own short
   * transaction with `ctx.transaction`, so no connection is held meanwhile.
   */
  outsideTransaction?: readonly CallKind[];
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
      return listRequest(def.filters);
    case 'setStatus':
      return z.object({ _id: byId.shape._id, status: def.status ?? z.string() }).strict();
    default:
      return byId;
  }
};

/**
 * An update changes only the fields the request names: the update schema is the create schema made
 * partial, and the defaults it keeps (roles [], status ACTIVE, ...) must not overwrite what is saved.
 */
const onlySent = (body: unknown, input: Record<string, unknown>) => {
  const sent = new Set(Object.keys((body as Record<string, unknown> | null) ?? {}));
  return Object.fromEntries(Object.entries(input).filter(([key]) => key === '_id' || sent.has(key)));
};

const genericHandlers: Record<CallKind, KindHandler> = {
  create: ({ db, caller, scope, input, repository }) => repository.create(db, { caller, scope, values: input }),
  update: ({ db, caller, scope, input, repository }) => {
    const { _id, ...values } = input;
    return repository.update(db, { caller, scope, id: _id, values });
  },
  details: ({ db, scope, input, repository }) => repository.details(db, scope, input._id),
  list: ({ db, scope, input, repository }) => repository.list(db, scope, input),
  remove: ({ db, caller, scope, input, repository }) => repository.remove(db, { caller, scope, id: input._id }),
  setStatus: ({ db, caller, scope, input, repository }) =>
    repository.update(db, { caller, scope, id: input._id, values: { status: input.status }, action: 'STATUS_CHANGE' }),
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every resource registered, checked against the contract's registry once all areas are in. */
    resources: ResourceDefinition[];
  }
}

/** Turns a resource definition into its routes: one line per entity in the app. */
export const registerResource = (app: FastifyInstance, repository: ResourceRepository, options: ResourceOptions = {}) => {
  const { def } = repository;
  if (app.resources.some((registered) => registered.name === def.name)) throw new Error(`Resource ${def.name} is registered twice`);
  app.resources.push(def);
  for (const [kind, call] of Object.entries(def.calls) as [CallKind, CallSpec][]) {
    const handler = options.handlers?.[kind] ?? genericHandlers[kind];
    const writes = kind !== 'list' && kind !== 'details';
    registerCall(
      app,
      {
        ...call,
        name: `${def.name}.${kind}`,
        tag: def.name,
        input: inputOfKind(def, kind),
        output: outputOfCall(def, kind),
        access: def.access,
        level: call.level ?? levelOfKind(kind),
        tenancy: def.tenancy,
        transaction: writes && !options.outsideTransaction?.includes(kind),
        message: messages[kind],
      },
      async (ctx) => {
        const input = kind === 'update' ? onlySent(ctx.req.body, ctx.input as Record<string, unknown>) : ctx.input;
        const result = await handler({ ...ctx, input, repository });
        if (writes && options.afterWrite) ctx.afterCommit(options.afterWrite);
        return result;
      },
    );
  }
};
