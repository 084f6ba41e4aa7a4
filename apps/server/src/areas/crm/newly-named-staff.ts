import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Caller } from '../../engine/context';
import { staffRepository } from '../staff/repository';

/**
 * The addresses of the organisation's staff a write names for the first time (`now` less `before`),
 * never the caller: who a note or a task assignment is mailed to.
 */
export const newlyNamedStaff = async (
  db: Executor,
  input: { caller: Caller | null; organisationId: string; now: readonly string[]; before: readonly string[] },
) => {
  const already = new Set(input.before);
  const ids = input.now.filter((id) => !already.has(id) && id !== input.caller?.id);
  if (ids.length === 0) return [];
  const staff = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), ...staffRepository.scopeWhere({ organisationId: input.organisationId })));
  return staff.map((row) => row.email);
};
