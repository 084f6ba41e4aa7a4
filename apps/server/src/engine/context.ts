import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import type { CodeHolder } from '../services/one-time-codes';
import type { SessionCaller } from '../services/sessions';

/** The signed-in user a request acts for, as the session resolves it (services/sessions.ts). */
export type Caller = SessionCaller;

/**
 * What a query may see, ANDed into every repository query: the caller's organisation, the owning
 * user, or (OWN/TEAM permission scope) the owners and teams whose records the caller may touch.
 * `caller` is who the definition's policies (client user, assignee, granted access) are read for.
 * A query narrowed by none of these says why with `unscoped('why')` (a platform admin, a public
 * catalogue); the repository refuses an empty scope.
 */
export type Scope = {
  organisationId?: string;
  ownerId?: string;
  visibleTo?: { userId: string; teamIds: string[] };
  caller?: PolicyCaller;
  /** A code holder's one record: a query of its resource reaches that row only, of any other none. */
  holds?: { resource: string; recordId: string };
  unscoped?: string;
};

/** The caller of a `code-holder` call: one record, for a short time (services/one-time-codes.ts). */
export type { CodeHolder };

/** What the scope policies need to know of a caller, and its roles for what it may read through a reference. */
export type PolicyCaller = Pick<Caller, 'id' | 'userType' | 'clientId' | 'roleIds'>;

/** A scope that narrows nothing, on purpose: the reason is the documentation. */
export const unscoped = (reason: string): Scope => ({ unscoped: reason });

export type CallContext = {
  db: Executor;
  /** Runs after the transaction commits, on the database handle (mail, cache drops). */
  afterCommit: (task: (db: Executor) => Promise<unknown> | unknown) => void;
  /** For calls that run outside one (uploads): does the database work after the file is in. */
  transaction: <T>(work: (db: Executor) => Promise<T>) => Promise<T>;
  /** Runs after the call whether it succeeded or not (counting a wrong code that rolls back). */
  afterwards: (task: (db: Executor) => Promise<unknown> | unknown) => void;
  caller: Caller | null;
  /** Set for a `code-holder` call only: its scope then holds that one record. */
  holder: CodeHolder | null;
  scope: Scope;
  /** The app's services (`AppServices`, as app.ts decorates the instance with them). */
  services: FastifyInstance['services'];
  req: FastifyRequest;
  reply: FastifyReply;
};

export type SignedInContext = CallContext & { caller: Caller };
