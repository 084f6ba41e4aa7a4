import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { and, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/users';
import { staffRepository } from '../staff/repository';
import { emailKey } from './candidate-contact-keys';
import { candidateRepository } from './candidate-repository';
import { contactRepository } from './contact-repository';

export type Attendee = { email: string; name?: string | null };

/** Staff by id, in the organisation: their address and name (one who has left is skipped). */
export const staffPeople = async (db: Executor, organisationId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, Attendee>();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.id, ids), ...staffRepository.scopeWhere({ organisationId })));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: fullNameOf(row.name as PersonName | null) || null }]));
};

/** Contacts by id, in the organisation: the address and name on their profile (a deleted one is skipped). */
export const contactPeople = async (db: Executor, organisationId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, Attendee>();
  const rows = await db
    .select({ id: crmContacts.id, profile: crmContacts.profile })
    .from(crmContacts)
    .where(and(inArray(crmContacts.id, ids), ...contactRepository.scopeWhere({ organisationId })));
  return new Map(
    rows.map((row) => [row.id, { email: row.profile.email, name: fullNameOf(row.profile.name as PersonName | null) || null }]),
  );
};

/** Candidates by id, in the organisation: their address and name (a deleted or merged-away one is skipped). */
export const candidatePeople = async (db: Executor, organisationId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, Attendee>();
  const rows = await db
    .select({ id: candidates.id, email: candidates.email, name: candidates.name })
    .from(candidates)
    .where(and(inArray(candidates.id, ids), ...candidateRepository.scopeWhere({ organisationId })));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: fullNameOf(row.name as PersonName | null) || null }]));
};

/**
 * Of these addresses (as `emailKey` reads them), those that are none of the organisation's staff,
 * contacts or candidates: the people an invitation reaches from outside, which the limits count.
 */
export const outsideAddresses = async (db: Executor, organisationId: string, emails: string[]) => {
  const keys = [...new Set(emails.map(emailKey))];
  if (keys.length === 0) return new Set<string>();
  const scope = { organisationId };
  // Addresses are stored as the contract's `email` wrote them: trimmed and lower-cased.
  const staff = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, keys), ...staffRepository.scopeWhere(scope)));
  const contacts = await db
    .select({ email: sql<string>`${crmContacts.profile}->>'email'` })
    .from(crmContacts)
    .where(and(inArray(sql`lower(trim(${crmContacts.profile}->>'email'))`, keys), ...contactRepository.scopeWhere(scope)));
  const known = await db
    .select({ email: candidates.emailNormalised })
    .from(candidates)
    .where(and(inArray(candidates.emailNormalised, keys), ...candidateRepository.scopeWhere(scope)));
  const inside = new Set([...staff, ...contacts, ...known].map((row) => emailKey(row.email ?? '')));
  return new Set(keys.filter((key) => !inside.has(key)));
};
