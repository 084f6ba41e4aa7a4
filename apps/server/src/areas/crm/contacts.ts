import type { RelatedTo } from '@app/contract/conventions/common';
import { type ContactProfile, type contactSourceTypes, generateContact, makePrimaryContact } from '@app/contract/resources/crm/contact';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/users';
import type { Caller, Scope } from '../../engine/context';
import { badRequest, conflict } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { candidateRepository } from './candidate-repository';
import { contactProfileOfCandidate } from './candidate-self-contact';
import { clientRepository } from './clients';
import { contactRepository } from './contact-repository';

type ContactSourceType = (typeof contactSourceTypes)[number];

/** What a contact generated from a record starts with: that record's person, and the record itself. */
export type GeneratedContact = { profile: ContactProfile; relatedTo: RelatedTo[] };

/** Where generate-contact reads a record's name, email and phone, by entity type. */
export type ContactSource = (args: { db: Executor; scope: Scope; id: string }) => Promise<GeneratedContact>;

export const contactSources: Partial<Record<ContactSourceType, ContactSource>> = {
  Client: async ({ db, scope, id }) => {
    const client = await clientRepository.get(db, scope, id);
    return {
      profile: {
        name: { first: client.name as string, fullName: client.name as string },
        email: client.email as string,
        contactNumbers: client.phone ? [client.phone as NonNullable<ContactProfile['contactNumbers']>[number]] : [],
      },
      relatedTo: [{ _id: client.id, entityType: 'Client' }],
    };
  },
  Candidate: async ({ db, scope, id }) => {
    const candidate = await candidateRepository.get(db, scope, id);
    return {
      profile: contactProfileOfCandidate(candidate),
      relatedTo: [{ _id: candidate.id, entityType: 'Candidate' }],
    };
  },
};

/** The client a contact belongs to: the first Client it is related to. */
const clientOf = (relatedTo: RelatedTo[] | undefined) => relatedTo?.find((entry) => entry.entityType === 'Client')?._id ?? null;

/** Whose contact it is, for a client user: their own client's, whatever they sent. */
const ownClientRelation = (caller: Caller) => [{ _id: caller.clientId as string, entityType: 'Client' }];

/** Contacts: the generic calls (client users narrowed to their client), make-primary and generate-contact. */
export const registerContacts = (app: FastifyInstance) => {
  registerResource(app, contactRepository, {
    hooks: {
      beforeCreate: ({ caller, values }) => {
        if (caller?.userType === 'CRM_CLIENT_USER') {
          return { ...values, relatedTo: ownClientRelation(caller), clientId: caller.clientId };
        }
        return { ...values, clientId: clientOf(values.relatedTo) };
      },
      beforeUpdate: ({ caller, values, before }) => {
        // A client user edits their contacts but cannot move one to another record.
        if (caller?.userType === 'CRM_CLIENT_USER') {
          const { relatedTo: _ignored, ...rest } = values;
          return rest;
        }
        if (!values.relatedTo) return values;
        const clientId = clientOf(values.relatedTo);
        // The contact's sign-in belongs to its client's portal: it cannot follow the contact elsewhere.
        if (before.userId && clientId !== before.clientId) {
          throw conflict('A contact with credentials cannot be moved to another client');
        }
        return { ...values, clientId };
      },
      // A deleted contact's portal sign-in goes with it: the account is switched off and signed out.
      afterWrite: async ({ db, services, operation, record, afterCommit }) => {
        const userId = operation === 'remove' ? (record.userId as string | null | undefined) : null;
        if (!userId) return;
        await db
          .update(users)
          .set({ status: 'INACTIVE', updatedAt: new Date() })
          .where(
            and(eq(users.id, userId), eq(users.userType, 'CRM_CLIENT_USER'), eq(users.organisationId, record.organisationId as string)),
          );
        await services.sessions.endAllOf(db, userId);
        afterCommit(() => services.sessions.forgetUser(userId));
      },
    },
  });

  // One transaction: the record's other contacts stop being primary, then this one becomes it.
  registerCall(app, makePrimaryContact, async (ctx) => {
    const { db, scope, input } = ctx;
    const chosen = await contactRepository.get(db, scope, input._id);
    const recordId = input.relatedTo._id;
    if (!(chosen.relatedTo as RelatedTo[]).some((entry) => entry._id === recordId)) {
      const message = 'The contact is not related to that record';
      throw badRequest(message, [{ field: 'relatedTo', message }]);
    }
    // Two make-primary calls for one record at once would each clear the other's choice: one waits.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`primary-contact:${recordId}`}))`);
    // Every contact of the record, whoever's they are: the caller's scope must not leave two primaries.
    const organisationScope = { organisationId: scope.organisationId };
    const others = await db
      .select({ id: crmContacts.id })
      .from(crmContacts)
      .where(
        and(
          ...contactRepository.scopeWhere(organisationScope),
          eq(crmContacts.primary, true),
          ne(crmContacts.id, chosen.id),
          sql`${crmContacts.relatedTo} @> ${JSON.stringify([{ _id: recordId }])}::jsonb`,
        ),
      );
    for (const other of others) {
      await contactRepository.update(db, { ...ctx, scope: organisationScope, id: other.id, values: { primary: false } });
    }
    await contactRepository.update(db, { ...ctx, id: chosen.id, values: { primary: true } });
    return contactRepository.details(db, scope, chosen.id);
  });

  registerCall(app, generateContact, async (ctx) => {
    const { db, scope, input } = ctx;
    const source = contactSources[input.relatedTo];
    if (!source) {
      const message = `Contacts cannot be generated from a ${input.relatedTo} yet`;
      throw badRequest(message, [{ field: 'relatedTo', message }]);
    }
    const generated = await source({ db, scope, id: input._id });
    const [existing] = await db
      .select({ id: crmContacts.id })
      .from(crmContacts)
      .where(
        and(
          ...contactRepository.scopeWhere({ organisationId: scope.organisationId }),
          eq(crmContacts.selfContact, true),
          sql`${crmContacts.relatedTo} @> ${JSON.stringify([{ _id: input._id }])}::jsonb`,
        ),
      );
    if (existing) throw conflict(`A contact has already been generated from this ${input.relatedTo}`);
    const created = await contactRepository.create(db, {
      ...ctx,
      values: { ...generated, selfContact: true, clientId: clientOf(generated.relatedTo) },
    });
    if (input.relatedTo === 'Candidate') {
      // The candidate's link to its own card (bookkeeping, not an edit of the candidate).
      await db
        .update(candidates)
        .set({ selfContactId: created._id as string })
        .where(eq(candidates.id, input._id));
    }
    return contactRepository.details(db, scope, created._id as string);
  });
};
