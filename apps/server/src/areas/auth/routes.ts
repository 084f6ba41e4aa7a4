import { email as emailSchema } from '@app/contract/conventions/common';
import { forgotPassword, login, logout, type MyPermissions, me, myPermissions, resetPassword, sendOtp } from '@app/contract/resources/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResets, users } from '../../db/schema/users';
import { grantsOf, loadProfile } from '../../engine/access';
import { badRequest, conflict, forbidden, HttpError, tooManyRequests, unauthorized } from '../../engine/errors';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import { callersOwn, noCallerYet } from '../../engine/unscoped-reasons';
import { clientAddress } from '../../services/client-address';
import { hashPassword, verifyNothing, verifyPassword } from '../../services/passwords';
import { relationshipRefusalOf, sessionCookie } from '../../services/sessions';
import { randomToken, sha256 } from '../../services/tokens';
import { ownPasswordColumns, temporaryPasswordExpired } from './temporary-password';
import { clearSessionCookies, findLiveUserByEmail, signedInCookie, signIn } from './users';

const resetLifetimeMs = 60 * 60 * 1000;

export const registerAuth = (app: FastifyInstance) => {
  // The browser's cookies outlived its session (expired, or ended elsewhere): whatever this request
  // answers clears them, so the app stops asking `/auth/me` until the next sign-in.
  app.addHook('onRequest', async (req, reply) => {
    const stale = !req.caller && !req.headers.authorization && (req.cookies[sessionCookie] || req.cookies[signedInCookie]);
    if (req.url.startsWith('/api/') && stale) clearSessionCookies(reply);
  });

  // No transaction while the password is checked: only the session's writes take one.
  registerCall(app, { ...login, unscoped: noCallerYet, transaction: false }, async ({ db, input, services, req, reply, transaction }) => {
    const attempt = await services.limits.signIn.attempt({ email: input.email, address: clientAddress(req) });
    const user = await findLiveUserByEmail(db, input.email);
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyNothing(input.password);
    if (!user || !valid) throw unauthorized('Email or password is incorrect');
    await attempt.succeeded();
    if (temporaryPasswordExpired(user)) throw unauthorized('Your temporary password has expired. Please ask for a new one.');
    if (user.status !== 'ACTIVE') throw forbidden('This account is inactive. Please contact your administrator.');
    // Staff and client users of an inactive organisation, and client users of an ended client, stay out.
    const refusal = await relationshipRefusalOf(db, user);
    if (refusal) throw forbidden(refusal);
    const signedIn = await transaction((tx) => signIn(tx, { user, services, req, reply }));
    return new Answer(signedIn, 'Signed in successfully');
  });

  registerCall(app, { ...logout, unscoped: callersOwn }, async ({ db, caller, services, reply }) => {
    if (caller) await services.sessions.end(db, caller.sessionId);
    clearSessionCookies(reply);
    return new Answer(null, 'Signed out');
  });

  // The session lookup already read the user: answering from it costs no query.
  registerCall(app, { ...me, unscoped: callersOwn }, async ({ caller }) => {
    if (!caller) throw unauthorized();
    const { id, email, userType, name, organisationId, organisationName, mustChangePassword = false, clientId } = caller;
    return { _id: id, email, userType, name, organisationId, organisationName, mustChangePassword, clientId };
  });

  registerCall(app, { ...myPermissions, unscoped: callersOwn }, async ({ db, caller }): Promise<MyPermissions> => {
    if (caller?.userType !== 'CRM_USER') return { isOrganisationAdmin: false, grants: [] };
    const profile = await loadProfile(db, caller);
    return { isOrganisationAdmin: profile.isOrganisationAdmin, grants: grantsOf(profile) };
  });

  // Counted before the transaction: the count is shared with every process and outlives the request.
  registerCall(app, { ...forgotPassword, unscoped: noCallerYet, transaction: false }, async ({ input, services, req, transaction }) => {
    if (!(await services.limits.publicPerAddress.consume(`forgot:${clientAddress(req)}`))) throw tooManyRequests();
    await transaction(async (db) => {
      const user = await findLiveUserByEmail(db, input.email);
      if (user?.status !== 'ACTIVE') return;
      const token = randomToken();
      // A one-time reset link is a service's bookkeeping, not a record: not in the entity log.
      await db
        .insert(passwordResets)
        .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + resetLifetimeMs) });
      const link = `${services.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await services.mail.send(db, {
        to: user.email,
        subject: 'Reset your password',
        priority: 'URGENT',
        text: `Someone asked to reset the password of your account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, you can ignore this mail.`,
      });
    });
    return new Answer(null, 'If the address is registered, a reset link is on its way.');
  });

  // The link is checked first (so a made-up token costs no hash), the new password hashed outside any
  // transaction, then one short transaction spends the link (once, however many race) and saves it.
  registerCall(app, { ...resetPassword, unscoped: noCallerYet, transaction: false }, async ({ db, input, services, transaction }) => {
    const tokenHash = sha256(input.token);
    const unused = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
    const invalid = () =>
      badRequest('The reset link is invalid or has expired', [{ field: 'token', message: 'The reset link is invalid or has expired' }]);
    const [reset] = await db.select().from(passwordResets).where(unused);
    if (!reset) throw invalid();
    const passwordHash = await hashPassword(input.password);
    await transaction(async (tx) => {
      // Spending the link is bookkeeping; the password change below is what the log keeps.
      const spent = await tx.update(passwordResets).set({ usedAt: new Date() }).where(unused).returning({ userId: passwordResets.userId });
      if (spent.length === 0) throw invalid();
      await loggedUpdate(tx, {
        caller: null,
        table: users,
        entityType: 'User',
        where: byId(users, reset.userId),
        values: ownPasswordColumns(passwordHash),
        secret: ['passwordHash'],
      });
      await services.sessions.endAllOf(tx, reset.userId);
    });
    return new Answer(null, 'Your password has been changed. Please sign in.');
  });

  registerCall(app, { ...sendOtp, unscoped: callersOwn }, async ({ db, input, caller, services }) => {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, caller?.id ?? ''));
    if (!user) throw unauthorized();
    let current: string | null;
    let next = input.newValue;
    if (input.purpose === 'update-email') {
      const parsed = emailSchema().safeParse(next);
      if (!parsed.success) throw badRequest('Please enter a valid email', [{ field: 'newValue', message: 'Please enter a valid email' }]);
      next = parsed.data;
      if (next === user.email)
        throw badRequest('This is already your email', [{ field: 'newValue', message: 'This is already your email' }]);
      if (await findLiveUserByEmail(db, next)) throw conflict('This email is already registered');
      current = user.email;
    } else {
      if (next.replace(/\D/g, '').length < 10)
        throw badRequest('Please enter a valid phone number', [{ field: 'newValue', message: 'Please enter a valid phone number' }]);
      current = user.phone;
      if (!current) throw new HttpError(400, 'There is no phone number on this account yet');
    }
    const otp = await services.codes.issue(db, { purpose: input.purpose, subjectId: user.id, channel: 'current', target: current });
    const secondaryOtp = await services.codes.issue(db, {
      purpose: input.purpose,
      subjectId: user.id,
      channel: 'new',
      target: next,
      payload: { newValue: next },
    });
    const what = input.purpose === 'update-email' ? 'email address' : 'phone number';
    const toCurrent = `Your code to change your ${what} is ${otp}. It is valid for 10 minutes. If you did not ask for it, please change your password.`;
    const toNew = `Your code to confirm your new ${what} is ${secondaryOtp}. It is valid for 10 minutes.`;
    if (input.purpose === 'update-email') {
      await services.mail.send(db, {
        to: current as string,
        subject: `Your code to change your ${what}`,
        text: toCurrent,
        priority: 'URGENT',
      });
      await services.mail.send(db, { to: next, subject: `Confirm your new ${what}`, text: toNew, priority: 'URGENT' });
    } else {
      await services.mail.sms(db, { to: current as string, text: toCurrent });
      await services.mail.sms(db, { to: next, text: toNew });
    }
    return new Answer(null, `Codes sent to your current and your new ${what}`);
  });
};
