import type { ListRequest } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import type { Services } from '../services/services';
import type { CallContext, Caller, Scope } from './context';
import type { ResourceRecord, StoredRow } from './records';

/** What a create sends, as the definition's create schema reads it. */
export type CreateValues<Def extends ResourceDefinition> = z.output<Def['create']> & Record<string, unknown>;
/** What an update sends (only the fields named in the request), or a status change's `{ status }`. */
export type UpdateValues<Def extends ResourceDefinition> = Partial<Omit<z.output<Def['update']>, '_id'>> & Record<string, unknown>;
/** What a hook hands on to be written: the values, changed or added to (a derived field, a sanitised text). */
export type WriteValues = Record<string, unknown>;

export type WriteOperation = 'create' | 'update' | 'setStatus' | 'remove';

/**
 * What every repository write is given besides its values, and hands on to the hooks: who asks, in
 * what scope, the services, and what to run after the commit. A call's context is one (spread it);
 * `req` is there only when a request is (an import's or a bulk call's records have the call's, a
 * queued job's none).
 */
export type WriteContext = {
  caller: Caller | null;
  scope: Scope;
  services: Services;
  /** Runs once the transaction has committed (drop a cache, forget a session). */
  afterCommit: CallContext['afterCommit'];
  req?: FastifyRequest;
};

/** Who writes, with the services and what runs after the commit: a helper that picks the scope itself takes this. */
export type Writer = Omit<WriteContext, 'scope'>;

/** What every hook gets: the write's transaction and its context. */
export type HookContext<_Def extends ResourceDefinition = ResourceDefinition> = WriteContext & {
  /** The write's transaction: a hook's extra writes (logged ones) commit or roll back with the record. */
  db: Executor;
};

/**
 * Small typed steps around every write of a resource, modelled on Payload CMS collection hooks, so
 * that sanitising, deriving a field, checking a reference or ending sessions is a few lines beside
 * the registration instead of a replaced handler. The repository runs them (repository.ts), so a
 * generic call, a bulk action, an import, a merge or any workflow writing the record runs the same
 * ones. `before*` hooks may change the values or throw an HttpError (a 4xx); every hook but
 * `afterCommit` runs in the write's transaction, so a throw leaves nothing written.
 */
export type ResourceHooks<Def extends ResourceDefinition> = {
  /** Before a create: answers the values to store. */
  beforeCreate?: (args: HookContext<Def> & { values: CreateValues<Def> }) => Promise<WriteValues> | WriteValues;
  /**
   * Before an update or a status change (`action`), with the stored row it changes (in the caller's
   * scope, so another's is already a 404): answers the values to store.
   */
  beforeUpdate?: (
    args: HookContext<Def> & { id: string; values: UpdateValues<Def>; before: StoredRow<Def>; action: 'UPDATE' | 'STATUS_CHANGE' },
  ) => Promise<WriteValues> | WriteValues;
  /** Before a delete, with the stored row: throw to refuse it. */
  beforeRemove?: (args: HookContext<Def> & { before: StoredRow<Def> }) => Promise<void> | void;
  /**
   * After the write, in its transaction: extra (logged) writes, ending sessions. `input` is what the
   * request sent. May answer the record to send back instead (re-read after a further change).
   */
  afterWrite?: (
    args: HookContext<Def> & {
      operation: WriteOperation;
      record: ResourceRecord<Def>;
      before?: StoredRow<Def>;
      input: Record<string, unknown>;
    },
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook that returns nothing keeps the record it was given.
  ) => Promise<ResourceRecord<Def> | void> | ResourceRecord<Def> | void;
  /**
   * After every successful write once its transaction has committed (to drop caches, say): dropped
   * any earlier, a request in between could cache the old rows again.
   */
  afterCommit?: (args: { operation: WriteOperation; services: Services }) => unknown;
  /**
   * Before a generic create's transaction opens, with the request's values: slow work (hashing a
   * password) whose result is written, so no connection waits on it. Answers the values to create,
   * which then go through `beforeCreate` as any create's do. Only a call runs it, so its request is there.
   */
  beforeTransaction?: (args: HookContext<Def> & { req: FastifyRequest; values: CreateValues<Def> }) => Promise<WriteValues> | WriteValues;
  /**
   * After a generic details or list read (Payload's `afterRead`): adds to each record what the read
   * answers beside its fields (a team's members, the names a log entry points at), for the whole
   * page at once. Answers the records to send.
   */
  afterRead?: (
    args: Omit<HookContext<Def>, 'afterCommit'> & { operation: 'details' | 'list'; records: ResourceRecord<Def>[] },
  ) => Promise<Record<string, unknown>[]> | Record<string, unknown>[];
  /**
   * Extra conditions a list ANDs in for this caller (the public sees only ACTIVE lookups), or for a
   * computed filter of the request (events overlapping a time range).
   */
  listWhere?: (args: HookContext<Def> & { request: ListRequest }) => SQL[];
};
