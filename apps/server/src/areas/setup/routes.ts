import { fullNameOf } from '@app/contract/conventions/common';
import { createFirstSuperAdmin, setupStatus } from '@app/contract/resources/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { conflict } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { Answer, registerCall } from '../../engine/register-call';
import { hashPassword } from '../../services/passwords';
import { findLiveUserByEmail, signIn } from '../auth/users';

const hasSuperAdmin = async (db: Executor) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'SUPER_ADMIN'), eq(users.isDeleted, false)))
    .limit(1);
  return Boolean(row);
};

const insertSuperAdmin = async (db: Executor, input: { email: string; password: string; name?: { first: string; last?: string } }) => {
  const id = newId();
  const name = { first: input.name?.first ?? 'Super', last: input.name?.last ?? 'Admin' };
  const [user] = await db
    .insert(users)
    .values({
      id,
      userType: 'SUPER_ADMIN',
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      name: { ...name, fullName: fullNameOf(name) },
      createdBy: { _id: id, name: 'Setup' },
    })
    .returning();
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
  await insertSuperAdmin(db, { email: config.superAdminEmail, password: config.superAdminPassword });
  log.info({ email: config.superAdminEmail }, 'super admin created from the environment');
};

export const registerSetup = (app: FastifyInstance) => {
  registerCall(app, setupStatus, async ({ db }) => ({ needsSetup: !(await hasSuperAdmin(db)) }));

  registerCall(app, createFirstSuperAdmin, async ({ db, input, services, req, reply }) => {
    // Taken inside the transaction, so two racing first visits cannot both become super admin.
    await db.execute(sql`lock table users in share row exclusive mode`);
    if (await hasSuperAdmin(db)) throw conflict('The platform is already set up. Please sign in.');
    if (await findLiveUserByEmail(db, input.email)) throw conflict('This email is already registered');
    const user = await insertSuperAdmin(db, input);
    return new Answer(await signIn(db, { user, services, req, reply }), 'Welcome! Your super admin account is ready.');
  });
};
