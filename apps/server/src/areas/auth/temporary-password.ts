import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Caller } from '../../engine/context';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { hashPassword } from '../../services/passwords';
import type { Services } from '../../services/services';
import { randomToken } from '../../services/tokens';

/** How long a mailed temporary password works (DECISIONS.md §5). */
export const temporaryPasswordLifetimeMs = 72 * 60 * 60 * 1000;

/** A random temporary password and its hash: made before the transaction, hashing is slow. */
export const newTemporaryPassword = async () => {
  const password = randomToken(9);
  return { password, passwordHash: await hashPassword(password) };
};

/** The columns a user gets with a temporary password: it must be changed, and it expires. */
export const temporaryPasswordColumns = (passwordHash: string) => ({
  passwordHash,
  passwordChangedAt: new Date(),
  mustChangePassword: true,
  temporaryPasswordExpiresAt: new Date(Date.now() + temporaryPasswordLifetimeMs),
});

/** The columns of a password the user chose: nothing left to change, nothing to expire. */
export const ownPasswordColumns = (passwordHash: string) => ({
  passwordHash,
  passwordChangedAt: new Date(),
  mustChangePassword: false,
  temporaryPasswordExpiresAt: null,
});

/** Whether the user holds a temporary password whose 72 hours are over. */
export const temporaryPasswordExpired = (user: { mustChangePassword: boolean; temporaryPasswordExpiresAt: Date | null }) =>
  user.mustChangePassword && !!user.temporaryPasswordExpiresAt && user.temporaryPasswordExpiresAt.getTime() < Date.now();

/**
 * The credentials mail every credentials call sends (staff reset, client contact, candidate):
 * the sign-in email, a sign-in link and `Password: <value>` on its own line (DECISIONS.md §5).
 * Queued in the caller's transaction, so it goes only if the change commits.
 */
export const mailTemporaryPassword = async (
  db: Executor,
  input: { services: Services; to: string; subject: string; intro: string; password: string },
) => {
  const { services, to, password } = input;
  await services.mail.send(db, {
    to,
    subject: input.subject,
    priority: 'URGENT',
    text: `${input.intro} Sign in at ${services.config.appUrl}/login with:\n\nEmail: ${to}\nPassword: ${password}\n\nThis password expires in 72 hours. You will be asked to choose your own when you sign in.`,
  });
};

/**
 * Gives an existing user a new temporary password in the caller's transaction: saved (logged, the
 * hash kept out of the log), their sessions ended, the mail queued.
 */
export const resetToTemporaryPassword = async (
  db: Executor,
  input: {
    caller: Caller | null;
    services: Services;
    user: { id: string; email: string };
    entityType: string;
    temporary: { password: string; passwordHash: string };
    subject: string;
    intro: string;
  },
) => {
  const { caller, services, user, temporary } = input;
  await loggedUpdate(db, {
    caller,
    table: users,
    entityType: input.entityType,
    where: byId(users, user.id),
    values: temporaryPasswordColumns(temporary.passwordHash),
    secret: ['passwordHash'],
  });
  await services.sessions.endAllOf(db, user.id);
  await mailTemporaryPassword(db, { services, to: user.email, subject: input.subject, intro: input.intro, password: temporary.password });
};
