import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { candidateCredentials, candidateCredentialsReset } from '@app/contract/resources/crm/candidate';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidateAccountLinks, candidates } from '../../db/schema/candidates';
import { users } from '../../db/schema/users';
import type { Caller, Scope } from '../../engine/context';
import { conflict, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { mailTemporaryPassword, newTemporaryPassword, resetToTemporaryPassword } from '../auth/temporary-password';
import { createAccount, findLiveUserByEmail } from '../auth/users';
import { jobSeekerRepository } from '../job-seekers/repository';
import { invitationMessage, inviteJobSeeker, passwordResettable, recordIssuedLink, stillWaitingMessage } from './candidate-account-link';
import { candidateRepository } from './candidate-repository';

/** The candidate in the caller's scope (else 404), read again inside the write. */
const candidateFor = (db: Executor, scope: Scope, id: string) => candidateRepository.get(db, scope, id);

/**
 * The candidate's account, when this organisation may mail it a new password: it issued it (its
 * credentials call made it) and the holder has not chosen their own since. Else a 409: nobody
 * resets a password they did not issue (DECISIONS.md §12).
 */
const resettableAccount = async (db: Executor, input: { candidate: { userId?: unknown }; organisationId: string }) => {
  if (!input.candidate.userId) throw notFound('Credentials');
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      credentialsIssuedBy: users.credentialsIssuedBy,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(and(eq(users.id, String(input.candidate.userId)), eq(users.isDeleted, false), eq(users.userType, 'JOB_SEEKER')));
  if (!user) throw notFound('Credentials');
  if (!passwordResettable(user, input.organisationId)) throw conflict(ownPasswordMessage);
  return user;
};

const organisationName = (caller: Caller) => caller.organisationName ?? 'your recruiter';

/**
 * The same answer whatever kind of account (staff, admin, recruiter, client user) holds the email:
 * an agency learns nothing of who else uses the platform.
 */
export const emailUnavailable = 'Credentials cannot be given for this email; please use another email for the candidate';
export const ownPasswordMessage = 'This candidate manages their own password: they can reset it from the sign-in page';

/**
 * Credentials make the candidate a JOB_SEEKER sign-in (candidate.userId), with a job seeker profile
 * made from the candidate, and record that this organisation issued it. An email that is already a
 * job seeker's own account is not linked: the seeker is invited and decides (DECISIONS.md §12,
 * candidate-account-link.ts). Any other account with the email is a 409 that does not say whose.
 * A candidate already linked is a 409 too: credentials-reset mails a new password.
 */
export const registerCandidateCredentials = (app: FastifyInstance) => {
  registerCall(app, { ...candidateCredentials, tenancy: 'organisation', transaction: false }, async (ctx) => {
    const { db, caller, scope, input, services, transaction } = ctx;
    const me = caller as Caller;
    const found = await candidateFor(db, scope, input._id);
    if (found.userId) throw conflict('This candidate already has credentials; reset them instead');
    // Hashed before the transaction (slow); unused when the email is a job seeker's own account.
    const temporary = await newTemporaryPassword();
    return transaction(async (tx) => {
      // Locked: two clicks must not make two accounts, nor an invitation cross an acceptance.
      await tx.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, found.id)).for('update');
      const row = await candidateFor(tx, scope, input._id);
      if (row.userId) throw conflict('This candidate already has credentials; reset them instead');
      const organisationId = row.organisationId as string;
      const email = String(row.email);
      const existing = await findLiveUserByEmail(tx, email);
      if (existing && existing.userType !== 'JOB_SEEKER') throw conflict(emailUnavailable);
      // An invitation sent before the candidate's email changed: the agency withdraws it first.
      const [waiting] = await tx
        .select({ userId: candidateAccountLinks.userId })
        .from(candidateAccountLinks)
        .where(and(eq(candidateAccountLinks.candidateId, row.id), eq(candidateAccountLinks.status, 'PENDING')));
      if (waiting && waiting.userId !== existing?.id) {
        throw conflict('An invitation from this candidate is still waiting for an answer: withdraw it before giving new credentials');
      }
      if (existing) {
        const { mailed } = await inviteJobSeeker(tx, {
          ...ctx,
          caller: me,
          candidateId: row.id,
          organisationId,
          seeker: { id: existing.id, email: existing.email },
        });
        return new Answer(
          { _id: row.id, userId: null, email, linkedExisting: false, invited: true, mailed },
          mailed ? invitationMessage : stillWaitingMessage,
        );
      }
      const name = row.name as PersonName;
      const user = await createAccount(tx, {
        userType: 'JOB_SEEKER',
        email,
        passwordHash: temporary.passwordHash,
        name,
        phone: String(row.phone),
        temporary: true,
      });
      // Bookkeeping of the account just made (its creation is logged): who may reset it.
      await tx.update(users).set({ credentialsIssuedBy: organisationId }).where(eq(users.id, user.id));
      await jobSeekerRepository.create(tx, {
        ...ctx,
        caller: me,
        scope: { ownerId: user.id },
        values: {
          userId: user.id,
          name,
          email: user.email,
          phone: row.phone,
          about: row.about ?? null,
          address: row.address ?? null,
          linkedInLink: row.linkedInLink ?? null,
          skills: row.skills ?? [],
          personalSkills: row.personalSkills ?? [],
          languages: row.languages ?? [],
          education: row.education ?? [],
          workHistory: row.workHistory ?? [],
          candidateId: row.id,
          status: 'ACTIVE',
        },
      });
      await candidateRepository.update(tx, { ...ctx, caller: me, scope, id: row.id, values: { userId: user.id } });
      await recordIssuedLink(tx, { caller: me, candidateId: row.id, organisationId, userId: user.id });
      await mailTemporaryPassword(tx, {
        services,
        to: user.email,
        subject: `Your sign-in for ${organisationName(me)}`,
        intro: `Hello ${fullNameOf(name)}, ${organisationName(me)} has made you an account to follow your applications.`,
        password: temporary.password,
      });
      return new Answer(
        { _id: row.id, userId: user.id, email: user.email, linkedExisting: false, invited: false, mailed: true },
        'Credentials sent',
      );
    });
  });

  registerCall(
    app,
    { ...candidateCredentialsReset, tenancy: 'organisation', transaction: false },
    async ({ db, caller, scope, input, services, transaction }) => {
      const me = caller as Caller;
      const found = await candidateFor(db, scope, input._id);
      await resettableAccount(db, { candidate: found, organisationId: found.organisationId as string });
      const temporary = await newTemporaryPassword();
      return transaction(async (tx) => {
        const row = await candidateFor(tx, scope, input._id);
        const user = await resettableAccount(tx, { candidate: row, organisationId: row.organisationId as string });
        await resetToTemporaryPassword(tx, {
          caller: me,
          services,
          user,
          entityType: 'User',
          temporary,
          subject: 'Your new password',
          intro: `${organisationName(me)} has reset your password.`,
        });
        return new Answer(
          { _id: row.id, userId: user.id, email: user.email, linkedExisting: false, invited: false, mailed: true },
          'New credentials sent',
        );
      });
    },
  );
};
