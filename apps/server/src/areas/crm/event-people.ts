import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { staffRepository } from '../staff/repository';

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
