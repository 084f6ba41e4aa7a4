import { isPlatformUser, type UserType } from '@app/contract/access';
import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import type { SignedInUser, SignInResult } from '@app/contract/resources/auth';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { organisations } from '../../db/schema/organisations';
import { users } from '../../db/schema/users';
import type { Caller } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { conflict, tooManyRequests } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { clientAddress } from '../../services/client-address';
import { hashPassword } from '../../services/passwords';
import type { Services } from '../../services/services';
import { sessionCookie, sessionLifetimeMs } from '../../services/sessions';
import { temporaryPasswordColumns } from './temporary-password';

/**
 * Readable by the web app (the session cookie is not): "a session may be here". Without it the
 * app does not ask `/auth/me`, so a signed-out visit makes no request that fails.
 */
export const signedInCookie = 'signed_in';

/** Ends both cookies: on sign-out, and when a browser's session has gone (expired or ended elsewhere). */
export const clearSessionCookies = (reply: FastifyReply) => {
  reply.clearCookie(sessionCookie, { path: '/' });
  reply.clearCookie(signedInCookie, { path: '/' });
};

type UserRow = typeof users.$inferSelect;

export const signedInUser = (
  user: Pick<UserRow, 'id' | 'email' | 'userType' | 'name' | 'organisationId'> & { mustChangePassword?: boolean; clientId?: string | null },
): SignedInUser => ({
  _id: user.id,
  email: user.email,
  userType: user.userType as UserType,
  name: fullNameOf(user.name) || user.email,
  organisationId: isPlatformUser(user.userType as UserType) ? null : user.organisationId,
  mustChangePassword: user.mustChangePassword ?? false,
  clientId: user.userType === 'CRM_CLIENT_USER' ? (user.clientId ?? null) : null,
});

export const findLiveUserByEmail = async (db: Executor, email: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.isDeleted, false)))
    .limit(1);
  return user;
};

/** Starts a session and answers like login: the token in the body and in an httpOnly cookie. */
export const signIn = async (
  db: Executor,
  input: { user: UserRow; services: Services; req: FastifyRequest; reply: FastifyReply },
): Promise<SignInResult> => {
  const { user, services, req, reply } = input;
  const token = await services.sessions.start(db, { userId: user.id, userAgent: req.headers['user-agent'], ip: req.ip });
  // Session bookkeeping, not an edit of the account: not in the entity log.
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  const cookie = {
    sameSite: 'lax',
    path: '/',
    secure: services.config.appUrl.startsWith('https://'),
    maxAge: Math.floor(sessionLifetimeMs / 1000),
  } as const;
  reply.setCookie(sessionCookie, token, { ...cookie, httpOnly: true });
  reply.setCookie(signedInCookie, '1', cookie);
  const organisationName = user.organisationId
    ? ((await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, user.organisationId)))[0]?.name ??
      null)
    : null;
  return { token, user: { ...signedInUser(user), organisationName } };
};

/**
 * A new sign-in of a job-board type (job seeker, recruiter); the email must be free. The password
 * comes hashed (hashing waits for no transaction); none, when an admin made the account and its
 * owner sets one with "forgot password".
 */
export const createAccount = async (
  db: Executor,
  input: {
    userType: 'JOB_SEEKER' | 'RECRUITER';
    email: string;
    passwordHash: string | null;
    name: PersonName;
    phone: string;
    /** A password someone else made and mailed: it must be changed and expires (DECISIONS.md §5). */
    temporary?: boolean;
  },
) => {
  if (await findLiveUserByEmail(db, input.email)) throw conflict('This email is already registered');
  const id = newId();
  const [user] = await db
    .insert(users)
    .values({
      id,
      userType: input.userType,
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      name: input.name,
      phone: input.phone,
      createdBy: { _id: id, name: fullNameOf(input.name) || input.email },
      ...(input.temporary && input.passwordHash ? temporaryPasswordColumns(input.passwordHash) : {}),
    })
    .returning();
  const row = user as UserRow;
  // The account is its own author (as its createdBy says); the log never carries the password hash.
  await writeEntityLog(db, {
    caller: { id, name: fullNameOf(input.name), email: row.email } as Caller,
    organisationId: null,
    entityType: 'User',
    action: 'CREATE',
    record: { _id: id },
    to: { userType: row.userType, email: row.email, name: row.name, phone: row.phone },
  });
  return row;
};

/**
 * A password for an account someone makes for themselves (job seeker, recruiter, the first super
 * admin): limited per address like sign-in, since each costs a hash; hashed before any transaction.
 */
export const hashNewAccountPassword = async (input: { services: Services; req: FastifyRequest; password: string }) => {
  if (!(await input.services.limits.publicPerAddress.consume(`register:${clientAddress(input.req)}`))) {
    throw tooManyRequests('Too many accounts made from your address. Please try again later.');
  }
  return hashPassword(input.password);
};
