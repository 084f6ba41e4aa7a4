import { fullNameOf } from '@app/contract/conventions/common';
import { createFirstSuperAdmin, setupStatus } from '@app/contract/resources/auth';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { writeEntityLog } from '../../engine/entity-log';
import { conflict } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { Answer, registerCall } from '../../engine/register-call';
import { noCallerYet } from '../../engine/unscoped-reasons';
import { hashPassword } from '../../services/passwords';
import { findLiveUserByEmail, hashNewAccountPassword, signIn } from '../auth/users';

const hasSuperAdmin = async (db: Executor) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'SUPER_ADMIN'), eq(users.isDeleted, false)))
    .limit(1);
  return Boolean(row);
};

const insertSuperAdmin = async (db: Executor, input: { email: string; passwordHash: string; name?: { first: string; last?: string } }) => {
  const id = newId();
  const name = { first: input.name?.first ?? 'Super', last: input.name?.last ?? 'Admin' };
  const [user] = await db
    .insert(users)
    .values({
      id,
      userType: 'SUPER_ADMIN',
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      name: { ...name, fullName: fullNameOf(name) },
      createdBy: { _id: id, name: 'Setup' },
    })
    .returning();
  await writeEntityLog(db, {
    caller: null,
    organisationId: null,
    entityType: 'User',
    action: 'CREATE',
    record: { _id: id },
    to: { userType: 'SUPER_ADMIN', email: input.email.toLowerCase(), name: user?.name ?? null },
  });
  return user;
};

/** SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD create the first super admin when there is none. */
export const ensureSuperAdminFromEnv = async (db: Executor, config: Config, log: FastifyBaseLogger) => {
  if (await hasSuperAdmin(db)) return;
  if (!config.superAdminEmail || !config.superAdminPassword) {
    log.info('no super admin yet: the first visit to the web app opens the setup page');
    return;
  }
  if (await findLiveUserByEmail(db, config.superAdminEmail)) {
    log.warn('SUPER_ADMIN_EMAIL belongs to another account; no super admin created');
    return;
  }
  await insertSuperAdmin(db, { email: config.superAdminEmail, passwordHash: await hashPassword(config.superAdminPassword) });
  log.info({ email: config.superAdminEmail }, 'super admin created from the environment');
};

/**
 * The demo world's own super admin (`npm run seed:demo` on the server's machine, never a call), made
 * beside a real one without touching it. `taken`: the email is another kind of account's.
 */
export const ensureDemoSuperAdmin = async (
  db: Executor,
  input: { email: string; password: string },
): Promise<'made' | 'there' | 'taken'> => {
  const existing = await findLiveUserByEmail(db, input.email);
  if (existing) return existing.userType === 'SUPER_ADMIN' ? 'there' : 'taken';
  await insertSuperAdmin(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    name: { first: 'Demo', last: 'Super Admin' },
  });
  return 'made';
};

/** The live super admins' emails, oldest first: the demo names the real ones it left alone. */
export const superAdminEmails = async (db: Executor) =>
  (
    await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.userType, 'SUPER_ADMIN'), eq(users.isDeleted, false)))
      .orderBy(asc(users.createdAt))
  ).map((row) => row.email);

export const registerSetup = (app: FastifyInstance) => {
  registerCall(app, { ...setupStatus, unscoped: noCallerYet }, async ({ db }) => ({
    needsSetup: !(await hasSuperAdmin(db)),
  }));

  const alreadySetUp = () => conflict('The platform is already set up. Please sign in.');
  registerCall(
    app,
    { ...createFirstSuperAdmin, unscoped: noCallerYet, transaction: false },
    async ({ db, input, services, req, reply, transaction }) => {
      // Once set up, refused before spending a hash.
      if (await hasSuperAdmin(db)) throw alreadySetUp();
      const { password, ...details } = input;
      const passwordHash = await hashNewAccountPassword({ services, req, password });
      const signedIn = await transaction(async (tx) => {
        // Taken inside the transaction, so two racing first visits cannot both become super admin.
        await tx.execute(sql`lock table users in share row exclusive mode`);
        if (await hasSuperAdmin(tx)) throw alreadySetUp();
        if (await findLiveUserByEmail(tx, input.email)) throw conflict('This email is already registered');
        const user = await insertSuperAdmin(tx, { ...details, passwordHash });
        return signIn(tx, { user, services, req, reply });
      });
      return new Answer(signedIn, 'Welcome! Your super admin account is ready.');
    },
  );
};
