import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crmContacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/users';
import { staffRepository } from '../staff/repository';
import { contactRepository } from './contacts';

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
