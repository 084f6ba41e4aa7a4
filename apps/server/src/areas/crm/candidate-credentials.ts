import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { candidateCredentials, candidateCredentialsReset } from '@app/contract/resources/crm/candidate';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { jobSeekers } from '../../db/schema/job-board';
import { users } from '../../db/schema/users';
import type { Caller, Scope } from '../../engine/context';
import { conflict, notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { mailTemporaryPassword, newTemporaryPassword, resetToTemporaryPassword } from '../auth/temporary-password';
import { createAccount, findLiveUserByEmail } from '../auth/users';
import { jobSeekerRepository } from '../job-seekers/repository';
import { sharedProfileFields } from './candidate-profile-sync';
import { candidateRepository, derivedColumns } from './candidate-repository';

/** The candidate in the caller's scope (else 404), read again inside the write. */
const candidateFor = (db: Executor, scope: Scope, id: string) => candidateRepository.get(db, scope, id);

const organisationName = (caller: Caller) => caller.organisationName ?? 'your recruiter';

/**
 * Credentials make the candidate a JOB_SEEKER sign-in (candidate.userId), with a job seeker profile
 * made from the candidate. An email already a JOB_SEEKER's links that account instead (and tells
 * them by mail, no password); any other user type with it is a 409. A candidate already linked is a
 * 409 too: credentials-reset mails a new password.
 */
export const registerCandidateCredentials = (app: FastifyInstance) => {
  registerCall(
    app,
    { ...candidateCredentials, tenancy: 'organisation', transaction: false },
    async ({ db, caller, scope, input, services, transaction }) => {
      const me = caller as Caller;
      const found = await candidateFor(db, scope, input._id);
      if (found.userId) throw conflict('This candidate already has credentials; reset them instead');
      // Hashed before the transaction (slow); unused when an existing account is linked.
      const temporary = await newTemporaryPassword();
      return transaction(async (tx) => {
        const row = await candidateFor(tx, scope, input._id);
        if (row.userId) throw conflict('This candidate already has credentials; reset them instead');
        const email = String(row.email);
        const existing = await findLiveUserByEmail(tx, email);
        if (existing && existing.userType !== 'JOB_SEEKER') throw conflict('This email is already used by another account');
        if (existing) {
          // The seeker's own profile wins for the shared fields (see candidate-profile-sync.ts).
          const [profile] = await tx
            .select()
            .from(jobSeekers)
            .where(and(eq(jobSeekers.userId, existing.id), eq(jobSeekers.isDeleted, false)));
          const shared = profile
            ? Object.fromEntries(sharedProfileFields.map((key) => [key, (profile as Record<string, unknown>)[key] ?? null]))
            : {};
          const values = { ...shared, userId: existing.id };
          await candidateRepository.update(tx, {
            caller: me,
            scope,
            id: row.id,
            values: { ...values, ...derivedColumns({ ...row, ...values }) },
          });
          if (profile && !profile.candidateId) {
            await jobSeekerRepository.update(tx, {
              caller: me,
              scope: { ownerId: existing.id },
              id: profile.id,
              values: { candidateId: row.id },
            });
          }
          await services.mail.send(tx, {
            to: existing.email,
            subject: `${organisationName(me)} has linked your job seeker account`,
            text: `${organisationName(me)} has added you as a candidate and linked it to your existing job seeker account. Sign in at ${services.config.appUrl}/login with your usual password; your profile is shared with them.`,
          });
          return new Answer({ _id: row.id, userId: existing.id, email: existing.email, linkedExisting: true }, 'Existing account linked');
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
        await jobSeekerRepository.create(tx, {
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
        await candidateRepository.update(tx, { caller: me, scope, id: row.id, values: { userId: user.id } });
        await mailTemporaryPassword(tx, {
          services,
          to: user.email,
          subject: `Your sign-in for ${organisationName(me)}`,
          intro: `Hello ${fullNameOf(name)}, ${organisationName(me)} has made you an account to follow your applications.`,
          password: temporary.password,
        });
        return new Answer({ _id: row.id, userId: user.id, email: user.email, linkedExisting: false }, 'Credentials sent');
      });
    },
  );

  registerCall(
    app,
    { ...candidateCredentialsReset, tenancy: 'organisation', transaction: false },
    async ({ db, caller, scope, input, services, transaction }) => {
      const me = caller as Caller;
      const found = await candidateFor(db, scope, input._id);
      if (!found.userId) throw notFound('Credentials');
      const temporary = await newTemporaryPassword();
      return transaction(async (tx) => {
        const row = await candidateFor(tx, scope, input._id);
        const [user] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.id, String(row.userId)), eq(users.isDeleted, false), eq(users.userType, 'JOB_SEEKER')));
        if (!user) throw notFound('Credentials');
        await resetToTemporaryPassword(tx, {
          caller: me,
          services,
          user,
          entityType: 'User',
          temporary,
          subject: 'Your new password',
          intro: `${organisationName(me)} has reset your password.`,
        });
        return new Answer({ _id: row.id, userId: user.id, email: user.email, linkedExisting: false }, 'New credentials sent');
      });
    },
  );
};
