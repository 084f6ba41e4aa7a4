import { isPlatformUser, type UserType } from '@app/contract/access';
import { fullNameOf } from '@app/contract/conventions/common';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { clients } from '../db/schema/clients';
import { organisations } from '../db/schema/organisations';
import { sessions, users } from '../db/schema/users';
import { newId } from '../engine/ids';
import { everything, type InvalidationBus } from './invalidation-bus';
import { randomToken, sha256 } from './tokens';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** The cookie holding the session's token (httpOnly); the bearer header carries the same token. */
export const sessionCookie = 'sid';

/** The signed-in user a request acts for (the engine calls it `Caller`). */
export type SessionCaller = {
  id: string;
  sessionId: string;
  userType: UserType;
  email: string;
  name: string;
  organisationId: string | null;
  organisationName: string | null;
  roleIds: string[];
  /** A CRM_CLIENT_USER's client (null for everyone else): the client-user policy narrows to it. */
  clientId: string | null;
  /** Signed in with a mailed temporary password that is still to be changed (DECISIONS.md §5). */
  mustChangePassword?: boolean;
};

const cacheMs = 30_000;

type Standing = { status: string; isDeleted: boolean } | null | undefined;

export const organisationInactiveMessage = 'This organisation is inactive. Please contact support.';
export const clientInactiveMessage = 'Your company’s access to the client portal has ended. Please contact your recruiter.';

/**
 * Why an active account may not work now: the relationship it hangs on has ended. Staff and client
 * users work only while their organisation is live and ACTIVE; a client-portal user only while
 * their client is too. Checked at sign-in (with this message) and on every request (the session
 * then answers as signed out), so ending a relationship ends access at once.
 */
export const relationshipRefusal = (input: {
  userType: UserType;
  organisationId: string | null;
  organisation: Standing;
  client: Standing;
}): string | null => {
  if (isPlatformUser(input.userType)) return null;
  const live = (standing: Standing) => !!standing && !standing.isDeleted && standing.status === 'ACTIVE';
  if (input.organisationId && !live(input.organisation)) return organisationInactiveMessage;
  if (input.userType === 'CRM_CLIENT_USER' && !live(input.client)) return clientInactiveMessage;
  return null;
};

/** The same refusal for a user read by itself (at sign-in): their organisation's and client's standing. */
export const relationshipRefusalOf = async (
  db: Executor,
  user: { userType: string; organisationId: string | null; clientId: string | null },
) => {
  const standing = { status: organisations.status, isDeleted: organisations.isDeleted };
  const [organisation] = user.organisationId
    ? await db.select(standing).from(organisations).where(eq(organisations.id, user.organisationId))
    : [];
  const [client] =
    user.userType === 'CRM_CLIENT_USER' && user.clientId
      ? await db.select({ status: clients.status, isDeleted: clients.isDeleted }).from(clients).where(eq(clients.id, user.clientId))
      : [];
  return relationshipRefusal({ userType: user.userType as UserType, organisationId: user.organisationId, organisation, client });
};

/** Sessions live in the database; a short cache keeps the per-request lookup off the hot path. */
const callerQuery = (db: Executor) =>
  db
    .select({
      sessionId: sessions.id,
      id: users.id,
      userType: users.userType,
      email: users.email,
      name: users.name,
      organisationId: users.organisationId,
      organisationName: organisations.name,
      organisationStatus: organisations.status,
      organisationDeleted: organisations.isDeleted,
      clientStatus: clients.status,
      clientDeleted: clients.isDeleted,
      roleIds: users.roleIds,
      clientId: users.clientId,
      mustChangePassword: users.mustChangePassword,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), eq(users.isDeleted, false)),
    )
    .limit(1)
    .prepare('session_caller');

/**
 * Every process keeps its own short cache, and drops from it what the invalidation bus says
 * changed (`user:<id>`, `session:<id>` or everything), so a sign-out, a password change or a change
 * of roles or status counts in every process from its next request.
 */
export const createSessions = (input: { bus: InvalidationBus }) => {
  const { bus } = input;
  const cache = new Map<string, { caller: SessionCaller | null; until: number }>();
  // Every signed-in request may look its session up: the statement is prepared once per database.
  const prepared = new WeakMap<Executor, ReturnType<typeof callerQuery>>();

  // Counts drops, so a lookup that a drop overtook (it read the row before the change committed)
  // answers its request but is not kept.
  let drops = 0;
  bus.subscribe('sessions', (key) => {
    drops += 1;
    if (key === everything) return cache.clear();
    const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    for (const [tokenHash, entry] of cache) {
      if ((kind === 'user' && entry.caller?.id === id) || (kind === 'session' && entry.caller?.sessionId === id)) cache.delete(tokenHash);
    }
  });
  const forgetUser = (userId: string) => bus.publish('sessions', `user:${userId}`);

  return {
    async start(db: Executor, input: { userId: string; userAgent?: string; ip?: string }) {
      const token = randomToken();
      await db.insert(sessions).values({
        id: newId(),
        tokenHash: sha256(token),
        userId: input.userId,
        expiresAt: new Date(Date.now() + sessionLifetimeMs),
        userAgent: input.userAgent?.slice(0, 300),
        ip: input.ip,
      });
      await db.delete(sessions).where(and(eq(sessions.userId, input.userId), lt(sessions.expiresAt, new Date())));
      return token;
    },

    async resolve(db: Executor, token: string): Promise<SessionCaller | null> {
      const tokenHash = sha256(token);
      const cached = cache.get(tokenHash);
      if (cached && cached.until > Date.now()) return cached.caller;
      const dropsBefore = drops;
      let query = prepared.get(db);
      if (!query) {
        query = callerQuery(db);
        prepared.set(db, query);
      }
      const [row] = await query.execute({ tokenHash, now: new Date() });
      const standing = (status: string | null, isDeleted: boolean | null) => (status === null ? null : { status, isDeleted: !!isDeleted });
      const allowed =
        row?.status === 'ACTIVE' &&
        !relationshipRefusal({
          userType: row.userType as UserType,
          organisationId: row.organisationId,
          organisation: standing(row.organisationStatus, row.organisationDeleted),
          client: standing(row.clientStatus, row.clientDeleted),
        });
      const caller: SessionCaller | null =
        row && allowed
          ? {
              id: row.id,
              sessionId: row.sessionId,
              userType: row.userType as UserType,
              email: row.email,
              name: fullNameOf(row.name) || row.email,
              organisationId: isPlatformUser(row.userType as UserType) ? null : row.organisationId,
              organisationName: isPlatformUser(row.userType as UserType) ? null : (row.organisationName ?? null),
              roleIds: row.roleIds,
              clientId: row.userType === 'CRM_CLIENT_USER' ? row.clientId : null,
              mustChangePassword: row.mustChangePassword,
            }
          : null;
      if (cache.size > 10_000) cache.clear();
      if (drops === dropsBefore) cache.set(tokenHash, { caller, until: Date.now() + cacheMs });
      return caller;
    },

    async end(db: Executor, sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      await bus.publish('sessions', `session:${sessionId}`);
    },

    /** Ends every session of a user (a password change, a reset, a deactivation), but the one kept. */
    async endAllOf(db: Executor, userId: string, keepSessionId?: string) {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      for (const row of rows) if (row.id !== keepSessionId) await db.delete(sessions).where(eq(sessions.id, row.id));
      await forgetUser(userId);
    },

    /** Drops cached callers, so a change of roles or status counts from the next request. */
    forgetUser,
    forgetAll: () => bus.publish('sessions'),
  };
};

export type Sessions = ReturnType<typeof createSessions>;
