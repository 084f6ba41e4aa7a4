import type { UserType } from '@app/contract/access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import type { Services } from '../services/services';

/** The signed-in user a request acts for. */
export type Caller = {
  id: string;
  sessionId: string;
  userType: UserType;
  email: string;
  name: string;
  organisationId: string | null;
  organisationName: string | null;
  roleIds: string[];
};

/**
 * What a query may see, ANDed into every repository query: the caller's organisation, the owning
 * user, or (OWN/TEAM permission scope) the owners and teams whose records the caller may touch.
 * Empty for platform admins and platform-wide catalogues.
 */
export type Scope = {
  organisationId?: string;
  ownerId?: string;
  visibleTo?: { userId: string; teamIds: string[] };
};

export type CallContext = {
  db: Executor;
  /** Runs after the transaction commits, on the database handle (mail, cache drops). */
  afterCommit: (task: (db: Executor) => Promise<unknown> | unknown) => void;
  /** For calls that run outside one (uploads): does the database work after the file is in. */
  transaction: <T>(work: (db: Executor) => Promise<T>) => Promise<T>;
  /** Runs after the call whether it succeeded or not (counting a wrong code that rolls back). */
  afterwards: (task: (db: Executor) => Promise<unknown> | unknown) => void;
  caller: Caller | null;
  scope: Scope;
  services: Services;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type SignedInContext = CallContext & { caller: Caller };
