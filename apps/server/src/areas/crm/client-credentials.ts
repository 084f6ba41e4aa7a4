import type { PersonName } from '@app/contract/conventions/common';
import { clientCredentials, clientCredentialsReset, contactWithoutCredentials } from '@app/contract/resources/crm/client-credentials';
import type { ContactProfile } from '@app/contract/resources/crm/contact';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { crmContacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/users';
import type { Caller, Scope } from '../../engine/context';
import { writeEntityLog } from '../../engine/entity-log';
import { badRequest, conflict, isUniqueViolation } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { Answer, registerCall } from '../../engine/register-call';
import {
  mailTemporaryPassword,
  newTemporaryPassword,
  resetToTemporaryPassword,
  temporaryPasswordColumns,
} from '../auth/temporary-password';
import { findLiveUserByEmail } from '../auth/users';
import { clientRepository } from './clients';
import { contactRepository } from './contact-repository';

const emailTaken = 'This email is already registered';

/** The contact to give a sign-in to: theirs to see, related to a client, without one yet. */
const contactToCredit = async (db: Executor, scope: Scope, id: string) => {
  const contact = await contactRepository.get(db, scope, id);
  if (!contact.clientId) {
    const message = 'This contact is not related to a client';
    throw badRequest(message, [{ field: '_id', message }]);
  }
  if (contact.userId) throw conflict('This contact already has credentials');
  return contact;
};

/** The client contact's live sign-in, or a 400 when the contact has none. */
const contactUser = async (db: Executor, scope: Scope, id: string) => {
  const contact = await contactRepository.get(db, scope, id);
  const [user] = contact.userId
    ? await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.id, contact.userId as string), eq(users.isDeleted, false)))
    : [];
  if (!user) {
    const message = 'This contact has no credentials yet';
    throw badRequest(message, [{ field: '_id', message }]);
  }
  return { contact, user };
};

/** Client portal sign-ins (crm.md §7 Client): give one to a contact, mail a new password, count those without. */
export const registerClientCredentials = (app: FastifyInstance) => {
  // The password is hashed before the short transaction that saves it (as staff credentials do).
  registerCall(app, { ...clientCredentials, transaction: false }, async (ctx) => {
    const { db, caller, scope, input, services, transaction } = ctx;
    const contact = await contactToCredit(db, scope, input._id);
    const profile = contact.profile as ContactProfile;
    if (await findLiveUserByEmail(db, profile.email)) throw conflict(emailTaken);
    const temporary = await newTemporaryPassword();
    const userId = newId();
    await transaction(async (tx) => {
      // Again under the row lock: two clicks must not make two users.
      await tx.select({ id: crmContacts.id }).from(crmContacts).where(eq(crmContacts.id, contact.id)).for('update');
      await contactToCredit(tx, scope, input._id);
      const user = {
        id: userId,
        userType: 'CRM_CLIENT_USER',
        email: profile.email,
        name: profile.name as PersonName,
        phone: profile.contactNumbers?.[0]?.number ?? null,
        designation: profile.designation ?? null,
        organisationId: contact.organisationId as string,
        clientId: contact.clientId as string,
        ...temporaryPasswordColumns(temporary.passwordHash),
      };
      try {
        await tx.insert(users).values(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(emailTaken);
        throw error;
      }
      await writeEntityLog(tx, {
        caller,
        organisationId: user.organisationId,
        entityType: 'User',
        action: 'CREATE',
        record: { _id: userId },
        to: { userType: user.userType, email: user.email, clientId: user.clientId },
      });
      await contactRepository.update(tx, { ...ctx, id: contact.id, values: { userId } });
      await mailTemporaryPassword(tx, {
        services,
        to: profile.email,
        subject: 'Your client portal sign-in',
        intro: `${(caller as Caller).name} has given you a sign-in to ${(caller as Caller).organisationName ?? 'the'} client portal.`,
        password: temporary.password,
      });
    });
    return new Answer({ _id: contact.id, userId }, 'Credentials have been mailed to the contact');
  });

  registerCall(app, { ...clientCredentialsReset, transaction: false }, async ({ db, caller, scope, input, services, transaction }) => {
    const { user } = await contactUser(db, scope, input._id);
    const temporary = await newTemporaryPassword();
    await transaction(async (tx) => {
      await contactUser(tx, scope, input._id);
      await resetToTemporaryPassword(tx, {
        caller,
        services,
        user,
        entityType: 'User',
        temporary,
        subject: 'Your new client portal password',
        intro: `${(caller as Caller).name} has reset your client portal password.`,
      });
    });
    return new Answer({ _id: input._id, userId: user.id }, 'A new password has been mailed to the contact');
  });

  registerCall(app, contactWithoutCredentials, async ({ db, scope, input }) => {
    const client = await clientRepository.get(db, scope, input.clientId);
    // Every contact of the client counts, whoever added it: the number is the client's.
    const [row] = await db
      .select({ count: count() })
      .from(crmContacts)
      .where(
        and(
          ...contactRepository.scopeWhere({ organisationId: scope.organisationId }),
          eq(crmContacts.clientId, client.id),
          isNull(crmContacts.userId),
        ),
      );
    return row?.count ?? 0;
  });
};
